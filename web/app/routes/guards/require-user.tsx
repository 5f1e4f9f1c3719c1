import { Navigate, Outlet, useLocation } from "react-router";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useSession } from "../../features/auth/api/auth";
import { accountMessages } from "../../lib/messages";
import { loginPath } from "../../lib/redirect";

/**
 * SPEC §2: checkout and dashboard need a signed-in user; a visitor goes to /login and comes back
 * here afterwards. Only the server's answer "no session" counts as signed out: when the check
 * itself fails the page offers to try again. This only shapes the UI: every call behind it is
 * authorized by the server.
 */
export default function RequireUser() {
  const session = useSession();
  const location = useLocation();
  if (session.data) return <Outlet />;
  if (session.data === null) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  }
  if (session.isError) {
    return <LoadError message={accountMessages.sessionUnknown} query={session} />;
  }
  return <LoadingScreen />;
}
