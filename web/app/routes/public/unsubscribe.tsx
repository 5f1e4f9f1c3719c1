import { Button } from "react-bootstrap";
import { Link, useSearchParams } from "react-router";
import { OutcomeAlert } from "../../components/outcome-alert";
import { AuthCard } from "../../features/auth/components/auth-card";
import { useUnsubscribe } from "../../features/mail/api/mail";
import { errorMessage } from "../../lib/api";
import { unsubscribePage as t } from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/unsubscribe";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.title, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/**
 * Opened from the link in an optional mail. Nothing changes until the reader presses the button,
 * so a mail scanner that follows links does not unsubscribe anyone.
 */
export default function Unsubscribe() {
  const [params] = useSearchParams();
  const email = params.get("email") ?? "";
  const token = params.get("token") ?? "";
  return (
    <AuthCard title={t.title}>
      {email && token ? <UnsubscribeLink email={email} token={token} /> : <Failure message={t.incomplete} />}
      <p className="text-center mt-4 mb-0">
        <Link to="/">{t.backHome}</Link>
      </p>
    </AuthCard>
  );
}

function UnsubscribeLink({ email, token }: { email: string; token: string }) {
  const hydrated = useHydrated();
  const request = useUnsubscribe();

  if (request.isSuccess) {
    return (
      <OutcomeAlert tone="success" heading={t.done}>
        <p>{t.doneLead(request.data.email)}</p>
        <p className="mb-0">
          {t.changeLater} <Link to="/dashboard/notifications">{t.settingsLink}</Link>
        </p>
      </OutcomeAlert>
    );
  }
  return (
    <>
      <p className="text-break">{t.question(email)}</p>
      <p className="text-body-secondary">{t.keepsRequired}</p>
      {request.isError ? <Failure message={errorMessage(request.error)} /> : null}
      <Button
        type="button"
        className="w-100 mt-3"
        disabled={!hydrated || request.isPending}
        onClick={() => request.mutate({ email, token })}
      >
        {request.isPending ? t.sending : t.submit}
      </Button>
    </>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <OutcomeAlert tone="danger" heading={t.failed}>
      <p className="mb-0">{message}</p>
    </OutcomeAlert>
  );
}
