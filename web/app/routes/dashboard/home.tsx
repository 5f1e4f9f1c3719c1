import { Navigate } from "react-router";
import { LoadingScreen } from "../../components/loading-screen";
import { useAdminStatus, useSession } from "../../features/auth/api/auth";
import Profile from "./profile";

/**
 * SPEC §2 /dashboard: a customer's profile. A member of the team starts their day at their work
 * instead (the admin area opens on the Overview or the board); the profile is at /dashboard/profile.
 */
export default function DashboardHome() {
  const session = useSession();
  const status = useAdminStatus(session.data?.user.email);
  if (status.isPending && session.data) return <LoadingScreen />;
  if (status.data?.admin) return <Navigate to="/dashboard/admin" replace />;
  return <Profile />;
}
