import type { Permission } from "@agency/contract";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { DashboardFrame, type MenuLink, menuButtonClassName } from "../../components/dashboard-frame";
import { UnreadBadge } from "../../components/order-badges";
import { useMemberPermissions } from "../../features/auth/api/auth";
import { SignOutButton } from "../../features/auth/components/sign-out-button";
import { useUnreadCounts } from "../../features/order-workflow/api/unread";
import { useSiteSettings } from "../../features/site/api/site";
import { TestModeBand } from "../../features/site/components/test-mode-band";
import { RunningTimerBand } from "../../features/time/components/running-timer-band";
import {
  adminPages,
  apiKeysPage,
  boardPage,
  briefQuestionsPage,
  catalogEditor,
  contentEditor,
  dashboardMenu,
  integrationsPage,
  jobsPage,
  orderDetail,
  overviewPage,
  promoEditor,
  salesPage,
  teamPage,
  testModeTexts,
} from "../../lib/messages";
import { companiesPage } from "../../lib/messages/admin-companies";
import { auditPage } from "../../lib/messages/audit";
import { menuGroups, rulesPage, templatesPage, workloadPage } from "../../lib/messages/workday";
import { pageTitle, siteOf } from "../../lib/site";
import type { Route } from "./+types/layout";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Admin dashboard", siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

type AdminLink = MenuLink & { permission: Permission };

/**
 * Each page, for the members whose role has the permission its calls need (the server checks
 * them), in the menu's groups: Work, Sales, Clients, Catalog and site, Team and settings.
 */
function menu(unread: number, testTools: boolean): AdminLink[] {
  const work = { group: menuGroups.work };
  const sales = { group: menuGroups.sales };
  const clients = { group: menuGroups.clients };
  const catalog = { group: menuGroups.catalog };
  const team = { group: menuGroups.team };
  return [
    { ...work, to: "/dashboard/admin/overview", label: overviewPage.menu, permission: "money.view" },
    {
      ...work,
      to: "/dashboard/admin/all__orders",
      label: dashboardMenu.allOrders,
      alsoUnder: "/dashboard/admin/orders",
      badge: <UnreadBadge count={unread} label={orderDetail.unread(unread)} />,
      permission: "orders.work",
    },
    { ...work, to: "/dashboard/admin/board", label: boardPage.menu, permission: "orders.work" },
    { ...work, to: "/dashboard/admin/workload", label: workloadPage.menu, permission: "orders.assign" },
    { ...work, to: "/dashboard/admin/templates", label: templatesPage.menu, permission: "messages.send" },
    { ...work, to: "/dashboard/admin/rules", label: rulesPage.menu, permission: "automations.manage" },
    {
      ...sales,
      to: "/dashboard/admin/sales",
      label: salesPage.menu,
      alsoUnder: "/dashboard/admin/sales",
      permission: "sales.manage",
    },
    { ...sales, to: "/dashboard/admin/promo-codes", label: promoEditor.menu, permission: "catalog.edit" },
    {
      ...clients,
      to: "/dashboard/admin/all__user",
      label: dashboardMenu.allUsers,
      permission: "customers.view",
    },
    {
      ...clients,
      to: "/dashboard/admin/companies",
      label: companiesPage.menu,
      alsoUnder: "/dashboard/admin/companies",
      permission: "customers.view",
    },
    { ...clients, to: "/dashboard/admin/leads", label: adminPages.leads, permission: "customers.view" },
    {
      ...clients,
      to: "/dashboard/admin/manage__reviews",
      label: dashboardMenu.manageReviews,
      permission: "content.edit",
    },
    { ...catalog, to: "/dashboard/admin/catalog", label: catalogEditor.menu, permission: "catalog.edit" },
    {
      ...catalog,
      to: "/dashboard/admin/brief-questions",
      label: briefQuestionsPage.menu,
      permission: "catalog.edit",
    },
    { ...catalog, to: "/dashboard/admin/add__blog", label: adminPages.addBlog, permission: "content.edit" },
    {
      ...catalog,
      to: "/dashboard/admin/site-content",
      label: contentEditor.menu,
      permission: "content.edit",
    },
    { ...team, to: "/dashboard/admin/team", label: teamPage.menu, permission: "team.manage" },
    { ...team, to: "/dashboard/admin/api-keys", label: apiKeysPage.menu, permission: "integrations.manage" },
    {
      ...team,
      to: "/dashboard/admin/integrations",
      label: integrationsPage.menu,
      permission: "integrations.manage",
    },
    { ...team, to: "/dashboard/admin/audit", label: auditPage.menu, permission: "audit.view" },
    { ...team, to: "/dashboard/admin/jobs", label: jobsPage.menu, permission: "shop.operate" },
    ...(testTools
      ? [
          {
            ...team,
            to: "/dashboard/admin/test-tools",
            label: testModeTexts.menu,
            permission: "shop.operate" as const,
          },
        ]
      : []),
  ];
}

/**
 * Where a member's day starts (the dashboard, the admin index): the Overview for a role that sees
 * money, the board for one that works on orders, else the first page the role may open.
 */
export function workHome(
  permissions: ReadonlySet<string>,
  links: readonly { to: string }[],
): string | undefined {
  if (permissions.has("money.view")) return "/dashboard/admin/overview";
  if (permissions.has("orders.work")) return "/dashboard/admin/board";
  return links[0]?.to;
}

/** SPEC §2 admin menu, with the way back to the user dashboard. */
export default function AdminLayout() {
  const unread = useUnreadCounts();
  const settings = useSiteSettings();
  // Undefined while unknown: then every page is listed.
  const permissions = useMemberPermissions();
  const { pathname } = useLocation();
  const links = menu(unread.data?.total ?? 0, settings.data?.testMode?.testTools === true).filter(
    (link) => !permissions || permissions.has(link.permission),
  );
  // The admin area opens on the member's work (the Overview, the board); All Users is in the menu.
  const home = pathname.replace(/\/+$/, "") === "/dashboard/admin";
  const start = permissions ? workHome(permissions, links) : undefined;
  if (home && start) return <Navigate to={start} replace />;
  const back = (
    <div className="mt-4 pt-3 border-top border-secondary">
      <Link to="/dashboard/profile" className="nav-link text-white px-3">
        {dashboardMenu.userDashboard}
      </Link>
    </div>
  );
  return (
    <DashboardFrame
      label={dashboardMenu.adminMenu}
      links={links}
      logOut={<SignOutButton label={dashboardMenu.logOut} className={menuButtonClassName} />}
      footer={back}
      notice={
        <>
          <TestModeBand />
          <RunningTimerBand enabled={permissions?.has("orders.work") ?? false} />
        </>
      }
    >
      <Outlet />
    </DashboardFrame>
  );
}
