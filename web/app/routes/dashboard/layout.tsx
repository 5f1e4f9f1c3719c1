import { Link, Outlet } from "react-router";
import { DashboardFrame, menuButtonClassName } from "../../components/dashboard-frame";
import { UnreadBadge } from "../../components/order-badges";
import { useAdminStatus, useSession } from "../../features/auth/api/auth";
import { SignOutButton } from "../../features/auth/components/sign-out-button";
import { useUnreadCounts } from "../../features/order-workflow/api/unread";
import { useMyOrders } from "../../features/orders/api/orders";
import { TestModeBand } from "../../features/site/components/test-mode-band";
import { dashboardMenu, notificationsPage, orderDetail } from "../../lib/messages";
import { colleaguesPage } from "../../lib/messages/companies";
import { pageTitle, siteOf } from "../../lib/site";
import type { Route } from "./+types/layout";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Dashboard", siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

function menu(unreadOnMyOrders: number) {
  return [
    { to: "/dashboard/profile", label: dashboardMenu.profile, alsoOn: "/dashboard" },
    {
      to: "/dashboard/my-orders",
      label: dashboardMenu.myOrders,
      badge: <UnreadBadge count={unreadOnMyOrders} label={orderDetail.unread(unreadOnMyOrders)} />,
    },
    { to: "/dashboard/add-review", label: dashboardMenu.review },
    { to: "/dashboard/payment-history", label: dashboardMenu.paymentHistory },
    { to: "/dashboard/colleagues", label: colleaguesPage.menu },
    { to: "/dashboard/notifications", label: notificationsPage.menu },
  ];
}

/**
 * Unread messages on the signed-in user's own orders (an admin's counts cover every order, and
 * only their own belong beside My Orders).
 */
function useUnreadOnMyOrders(email: string | undefined): number {
  const unread = useUnreadCounts(Boolean(email));
  const mine = useMyOrders(email);
  const own = new Set(mine.data?.map((order) => order._id));
  return (unread.data?.orders ?? [])
    .filter((order) => own.has(order.orderId))
    .reduce((sum, order) => sum + order.unread, 0);
}

/** SPEC §2 user dashboard; the 'Admin Activities' block shows only for admins. */
export default function DashboardLayout() {
  const session = useSession();
  const adminStatus = useAdminStatus(session.data?.user.email);
  const unreadOnMyOrders = useUnreadOnMyOrders(session.data?.user.email);
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
      links={menu(unreadOnMyOrders)}
      logOut={<SignOutButton label={dashboardMenu.logOut} className={menuButtonClassName} />}
      footer={adminBlock}
      notice={<TestModeBand />}
    >
      <Outlet />
    </DashboardFrame>
  );
}
