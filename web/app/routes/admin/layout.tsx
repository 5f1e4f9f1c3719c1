import { Link, Outlet } from "react-router";
import { DashboardFrame, menuButtonClassName } from "../../components/dashboard-frame";
import { UnreadBadge } from "../../components/order-badges";
import { SignOutButton } from "../../features/auth/components/sign-out-button";
import { useUnreadCounts } from "../../features/order-workflow/api/unread";
import { useSiteSettings } from "../../features/site/api/site";
import { TestModeBand } from "../../features/site/components/test-mode-band";
import {
  adminPages,
  auditPage,
  briefQuestionsPage,
  catalogEditor,
  contentEditor,
  dashboardMenu,
  jobsPage,
  orderDetail,
  overviewPage,
  promoEditor,
  testModeTexts,
} from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import type { Route } from "./+types/layout";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Admin dashboard", siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

function menu(unread: number, testTools: boolean) {
  return [
    { to: "/dashboard/admin/overview", label: overviewPage.menu },
    { to: "/dashboard/admin/all__user", label: dashboardMenu.allUsers, alsoOn: "/dashboard/admin" },
    {
      to: "/dashboard/admin/all__orders",
      label: dashboardMenu.allOrders,
      alsoUnder: "/dashboard/admin/orders",
      badge: <UnreadBadge count={unread} label={orderDetail.unread(unread)} />,
    },
    { to: "/dashboard/admin/manage__reviews", label: dashboardMenu.manageReviews },
    { to: "/dashboard/admin/catalog", label: catalogEditor.menu },
    { to: "/dashboard/admin/promo-codes", label: promoEditor.menu },
    { to: "/dashboard/admin/add__blog", label: adminPages.addBlog },
    { to: "/dashboard/admin/site-content", label: contentEditor.menu },
    { to: "/dashboard/admin/leads", label: adminPages.leads },
    { to: "/dashboard/admin/audit", label: auditPage.menu },
    { to: "/dashboard/admin/jobs", label: jobsPage.menu },
    { to: "/dashboard/admin/brief-questions", label: briefQuestionsPage.menu },
    ...(testTools ? [{ to: "/dashboard/admin/test-tools", label: testModeTexts.menu }] : []),
  ];
}

/** SPEC §2 admin menu, with the way back to the user dashboard. */
export default function AdminLayout() {
  const unread = useUnreadCounts();
  const settings = useSiteSettings();
  const back = (
    <div className="mt-4 pt-3 border-top border-secondary">
      <Link to="/dashboard" className="nav-link text-white px-3">
        {dashboardMenu.userDashboard}
      </Link>
    </div>
  );
  return (
    <DashboardFrame
      label={dashboardMenu.adminMenu}
      links={menu(unread.data?.total ?? 0, settings.data?.testMode?.testTools === true)}
      logOut={<SignOutButton label={dashboardMenu.logOut} className={menuButtonClassName} />}
      footer={back}
      notice={<TestModeBand />}
    >
      <Outlet />
    </DashboardFrame>
  );
}
