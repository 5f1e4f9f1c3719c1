import type { Permission } from "@agency/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import {
  adminPages,
  boardPage,
  catalogEditor,
  dashboardMenu,
  jobsPage,
  overviewPage,
  teamPage,
} from "../../lib/messages";
import { companiesPage } from "../../lib/messages/admin-companies";
import { auditPage } from "../../lib/messages/audit";
import { menuGroups, workloadPage } from "../../lib/messages/workday";
import { stubScreenWidth } from "../../test/browser-apis";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import AdminLayout from "./layout";

/** A member whose role has `permissions` is signed in. */
function signedInWith(permissions?: Permission[]) {
  stubScreenWidth(1280);
  fakeApi({
    "GET /api/auth/get-session": {
      user: {
        id: "member-1",
        name: "Mia Member",
        email: "mia@example.com",
        emailVerified: true,
        role: "staff",
        createdAt: "2026-01-01T00:00:00.000Z",
      },
      session: { id: "session-1", expiresAt: "2030-01-01T00:00:00.000Z" },
    },
    "GET /api/admin/:email": permissions ? { admin: true, role: "staff", permissions } : { admin: true },
    "GET /api/messages/unread": { total: 0, orders: [] },
    "GET /api/site": {
      googleMapsApiKey: null,
      socialSignIn: { google: false, facebook: false },
      testMode: null,
    },
  });
}

const UsersPage = () => <h1>All Users page</h1>;
const OrdersPage = () => <h1>All Orders page</h1>;
const TeamPage = () => <h1>Team page</h1>;
const OverviewPage = () => <h1>Overview page</h1>;
const BoardPage = () => <h1>Board page</h1>;
const Waiting = () => <p>Loading</p>;

function openAdmin(url: string) {
  const Stub = createRoutesStub([
    {
      path: "/dashboard/admin",
      Component: AdminLayout,
      children: [
        { index: true, Component: Waiting },
        { path: "all__user", Component: UsersPage },
        { path: "all__orders", Component: OrdersPage },
        { path: "overview", Component: OverviewPage },
        { path: "board", Component: BoardPage },
        { path: "team", Component: TeamPage },
      ],
    },
  ]);
  return renderWithProviders(<Stub initialEntries={[url]} />);
}

const menuLabels = async () => {
  const menu = await screen.findByRole("navigation", { name: dashboardMenu.adminMenu });
  return within(menu)
    .getAllByRole("link")
    .map((link) => link.textContent);
};

describe("the admin menu", () => {
  it("lists only the pages the member's role may use", async () => {
    signedInWith(["orders.work", "messages.send", "team.manage"]);
    openAdmin("/dashboard/admin/team");
    await screen.findByRole("heading", { name: "Team page" });
    // Until the role's permissions are known every page is listed (the admin guard waits for them).
    await waitFor(() => expect(screen.queryByRole("link", { name: overviewPage.menu })).toBeNull());
    const labels = await menuLabels();
    expect(labels).toContain(dashboardMenu.allOrders);
    expect(labels).toContain(boardPage.menu);
    expect(labels).toContain(teamPage.menu);
    for (const hidden of [
      overviewPage.menu,
      dashboardMenu.allUsers,
      dashboardMenu.manageReviews,
      catalogEditor.menu,
      adminPages.addBlog,
      adminPages.leads,
      companiesPage.menu,
      auditPage.menu,
      jobsPage.menu,
    ]) {
      expect(labels).not.toContain(hidden);
    }
  });

  it("lists every page for a role with every permission", async () => {
    signedInWith([
      "money.view",
      "customers.view",
      "orders.work",
      "content.edit",
      "catalog.edit",
      "team.manage",
      "audit.view",
      "shop.operate",
    ]);
    openAdmin("/dashboard/admin/team");
    await screen.findByRole("link", { name: overviewPage.menu });
    const labels = await menuLabels();
    for (const shown of [
      overviewPage.menu,
      dashboardMenu.allUsers,
      companiesPage.menu,
      teamPage.menu,
      auditPage.menu,
      jobsPage.menu,
    ]) {
      expect(labels).toContain(shown);
    }
  });

  it("opens on the member's work: the Overview for a role that sees money, else the board", async () => {
    signedInWith(["money.view", "orders.work", "customers.view"]);
    openAdmin("/dashboard/admin");
    expect(await screen.findByRole("heading", { name: "Overview page" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "All Users page" })).toBeNull();
  });

  it("opens a Staff member on the board", async () => {
    signedInWith(["orders.work", "messages.send"]);
    openAdmin("/dashboard/admin");
    expect(await screen.findByRole("heading", { name: "Board page" })).toBeTruthy();
  });

  it("opens a member who works on no orders on their first page", async () => {
    signedInWith(["team.manage"]);
    openAdmin("/dashboard/admin");
    expect(await screen.findByRole("heading", { name: "Team page" })).toBeTruthy();
  });

  it("groups the pages under Work, Sales, Clients, Catalog and site, Team and settings", async () => {
    signedInWith([
      "money.view",
      "orders.work",
      "customers.view",
      "catalog.edit",
      "sales.manage",
      "team.manage",
    ]);
    openAdmin("/dashboard/admin/team");
    // Until the role's permissions are known every page is listed; Workload needs orders.assign.
    await waitFor(() => expect(screen.queryByRole("link", { name: workloadPage.menu })).toBeNull());
    const group = (name: string) => screen.getByRole("list", { name });
    expect(
      within(group(menuGroups.work))
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([overviewPage.menu, dashboardMenu.allOrders, boardPage.menu]);
    expect(
      within(group(menuGroups.clients)).getByRole("link", { name: dashboardMenu.allUsers }),
    ).toBeTruthy();
    expect(within(group(menuGroups.catalog)).getByRole("link", { name: catalogEditor.menu })).toBeTruthy();
    expect(within(group(menuGroups.team)).getByRole("link", { name: teamPage.menu })).toBeTruthy();
    expect(within(group(menuGroups.sales)).getAllByRole("link")).toHaveLength(2);
  });
});
