import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingScreen } from "../../components/loading-screen";
import { useSession } from "../../features/auth/api/session";
import { loginPath } from "../../lib/redirect";

/**
 * SPEC §2: checkout and dashboard need a signed-in user; a visitor goes to /login and comes back
 * here afterwards. This only shapes the UI: every call behind it is authorized by the server.
 */
export default function RequireUser() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <LoadingScreen />;
  if (!session.data) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}
