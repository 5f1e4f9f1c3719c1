import { useEffect } from "react";
import { Navigate, Outlet } from "react-router";
import { LoadingScreen } from "../../components/loading-screen";
import { useAdminStatus } from "../../features/auth/api/admin-status";
import { useSession } from "../../features/auth/api/session";
import { accountMessages } from "../../lib/messages";
import { notifyError } from "../../lib/toast";

/** Admin pages for admins only; the server refuses their calls to anyone else regardless. */
export default function RequireAdmin() {
  const session = useSession();
  const status = useAdminStatus(session.data?.user.email);
  const refused = status.isSuccess && !status.data.admin;

  useEffect(() => {
    if (refused || status.isError) notifyError(accountMessages.adminsOnly);
  }, [refused, status.isError]);

  if (status.isPending) return <LoadingScreen />;
  if (refused || status.isError) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
