import { Link, useSearchParams } from "react-router";
import { LoadingScreen } from "../../components/loading-screen";
import { OutcomeAlert } from "../../components/outcome-alert";
import { AuthCard } from "../../features/auth/components/auth-card";
import { useConfirmNewsletter } from "../../features/leads/api/leads";
import { errorMessage } from "../../lib/api";
import { newsletterConfirmation } from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import type { Route } from "./+types/newsletter-confirm";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(newsletterConfirmation.title, siteOf(matches)) },
    { name: "robots", content: "noindex" },
  ];
}

/** Opened from the mailed link: the address counts as subscribed once the server accepts its token. */
export default function NewsletterConfirm() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirmation = useConfirmNewsletter(token);

  return (
    <AuthCard title={newsletterConfirmation.title}>
      <ConfirmationState token={token} confirmation={confirmation} />
      <p className="text-center mt-4 mb-0">
        <Link to="/" className="btn btn-primary">
          {newsletterConfirmation.backHome}
        </Link>
      </p>
    </AuthCard>
  );
}

function ConfirmationState({
  token,
  confirmation,
}: {
  token: string;
  confirmation: ReturnType<typeof useConfirmNewsletter>;
}) {
  if (token === "") return <Failure message={newsletterConfirmation.missingToken} />;
  if (confirmation.isError) return <Failure message={errorMessage(confirmation.error)} />;
  if (!confirmation.data) return <LoadingScreen label={newsletterConfirmation.confirming} />;
  return (
    <OutcomeAlert tone="success" heading={newsletterConfirmation.confirmed}>
      <p className="mb-0">{newsletterConfirmation.confirmedLead(confirmation.data.email)}</p>
    </OutcomeAlert>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <OutcomeAlert tone="danger" heading={newsletterConfirmation.failed}>
      <p className="mb-0">{message}</p>
    </OutcomeAlert>
  );
}
