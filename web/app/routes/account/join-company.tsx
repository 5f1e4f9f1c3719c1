import { Button } from "react-bootstrap";
import { Link, useNavigate, useParams } from "react-router";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useSession } from "../../features/auth/api/session";
import { AuthCard } from "../../features/auth/components/auth-card";
import {
  isClosedCompanyInvitation,
  useAcceptCompanyInvitation,
  useCompanyInvitationLookup,
} from "../../features/companies/api/companies";
import { errorMessage } from "../../lib/api";
import { clientRoleLabels, joinCompanyPage as t } from "../../lib/messages/companies";
import { pageTitle, siteOf } from "../../lib/site";
import { notifyError, notifySuccess } from "../../lib/toast";
import type { Route } from "./+types/join-company";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/**
 * Opened from a colleague's mailed invitation: who invites, to which company, with which role. The
 * invited person signs in (or signs up) with the invited address, comes back here and accepts.
 */
export default function JoinCompany() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const invitation = useCompanyInvitationLookup(token);
  const accept = useAcceptCompanyInvitation();

  if (invitation.isPending || session.isPending) return <LoadingScreen label={t.checking} />;
  if (invitation.isError) {
    if (!isClosedCompanyInvitation(invitation.error)) {
      return <LoadError message={t.checkFailed} query={invitation} />;
    }
    return (
      <AuthCard title={t.unusable}>
        <p className="alert alert-danger" role="alert">
          {invitation.error.message}
        </p>
        <Link to="/login">{t.toLogin}</Link>
      </AuthCard>
    );
  }

  const { companyName, email, role, invitedBy } = invitation.data;
  const back = encodeURIComponent(`/company/join/${token}`);

  async function onAccept() {
    if (accept.isPending) return;
    try {
      await accept.mutateAsync(token);
      notifySuccess(t.joined(companyName), "join-company");
      navigate("/dashboard/my-orders", { replace: true });
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <AuthCard title={t.heading} lead={t.invited(invitedBy, companyName, clientRoleLabels[role].name)}>
      {session.data ? (
        <Button className="w-100" onClick={onAccept} disabled={accept.isPending}>
          {t.accept}
        </Button>
      ) : (
        <>
          <p>{t.signInFirst(email)}</p>
          <div className="d-flex gap-2">
            <Link className="btn btn-primary" to={`/login?redirect=${back}`}>
              {t.signIn}
            </Link>
            <Link className="btn btn-outline-primary" to={`/sign-up?redirect=${back}`}>
              {t.signUp}
            </Link>
          </div>
        </>
      )}
    </AuthCard>
  );
}
