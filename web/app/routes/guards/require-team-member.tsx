import { useEffect } from "react";
import { Navigate, Outlet } from "react-router";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { isTransientFailure, useAdminStatus, useSession } from "../../features/auth/api/auth";
import { SET_UP_PAGE, useTwoFactorStatus } from "../../features/two-factor/api/two-factor";
import { accountMessages } from "../../lib/messages";
import { notifyError } from "../../lib/toast";

/**
 * The admin pages for members of the team only (any role: the server's admin status says "admin"
 * for every member); the server refuses their calls to anyone else regardless.
 */
export default function RequireTeamMember() {
  const session = useSession();
  const status = useAdminStatus(session.data?.user.email);
  // A busy or unreachable server is not a refusal: the admin may try again.
  const unknown = status.isError && isTransientFailure(status.error);
  const refused = (status.isSuccess && !status.data.admin) || (status.isError && !unknown);
  // A member the owner requires to sign in with a code sets it up first (the server refuses them till then).
  const twoFactor = useTwoFactorStatus(Boolean(status.data?.admin));

  useEffect(() => {
    if (refused) notifyError(accountMessages.adminsOnly);
  }, [refused]);

  if (refused) return <Navigate to="/dashboard" replace />;
  if (status.data?.admin && twoFactor.isPending) return <LoadingScreen />;
  if (status.data?.admin && twoFactor.data?.required && !twoFactor.data.enabled) {
    return <Navigate to={SET_UP_PAGE} replace />;
  }
  if (status.data?.admin) return <Outlet />;
  if (unknown) {
    return <LoadError message={accountMessages.sessionUnknown} query={status} />;
  }
  return <LoadingScreen />;
}
