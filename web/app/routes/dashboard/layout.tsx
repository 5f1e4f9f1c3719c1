import { Link, Outlet } from "react-router";
import { DashboardFrame, menuButtonClassName } from "../../components/dashboard-frame";
import { useAdminStatus, useSession } from "../../features/auth/api/auth";
import { SignOutButton } from "../../features/auth/components/sign-out-button";
import { dashboardMenu, notificationsPage } from "../../lib/messages";
import { pageTitle } from "../../lib/site";
import type { Route } from "./+types/layout";

export function meta(_: Route.MetaArgs) {
  return [{ title: pageTitle("Dashboard") }, { name: "robots", content: "noindex" }];
}

const links = [
  { to: "/dashboard/profile", label: dashboardMenu.profile, alsoOn: "/dashboard" },
  { to: "/dashboard/my-orders", label: dashboardMenu.myOrders },
  { to: "/dashboard/add-review", label: dashboardMenu.review },
  { to: "/dashboard/payment-history", label: dashboardMenu.paymentHistory },
  { to: "/dashboard/notifications", label: notificationsPage.menu },
];

/** SPEC §2 user dashboard; the 'Admin Activities' block shows only for admins. */
export default function DashboardLayout() {
  const session = useSession();
  const adminStatus = useAdminStatus(session.data?.user.email);
  const adminBlock = adminStatus.data?.admin ? (
    <section className="mt-4 pt-3 border-top border-secondary" aria-labelledby="admin-activities">
      <h2 id="admin-activities" className="h6 text-uppercase text-white-50 px-3">
        {dashboardMenu.adminActivities}
      </h2>
      <Link to="/dashboard/admin" className="nav-link text-white px-3">
        {dashboardMenu.adminDashboard}
      </Link>
    </section>
  ) : null;
  return (
    <DashboardFrame
      label={dashboardMenu.menu}
      links={links}
      logOut={<SignOutButton label={dashboardMenu.logOut} className={menuButtonClassName} />}
      footer={adminBlock}
    >
      <Outlet />
    </DashboardFrame>
  );
}
