import type { AdminOrder, AdminOrderList, Permission } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { adminPages, assignmentTexts, orderDetail, orderFilters, periodTexts } from "../../lib/messages";
import { companyOrdersFilter } from "../../lib/messages/admin-companies";
import { stubScreenWidth } from "../../test/browser-apis";
import { type FakeApi, type FakeRoutes, fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import AllOrders from "./all-orders";

function order(number: number, overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    _id: crypto.randomUUID(),
    number,
    email: `customer-${number}@example.com`,
    name: `Customer ${number}`,
    service: "Standard",
    serviceId: "p1",
    serviceDuration: "monthly",
    currentPrice: 49,
    currency: "usd",
    currentDate: "2026-11-23T09:00:00.000Z",
    phone: "0123456789",
    paid: true,
    transactionId: "pi_test_1",
    paymentTime: "2026-11-23T10:00:00.000Z",
    subscription: null,
    state: "submitted",
    period: { number: 1, startedAt: "2026-11-23T10:00:00.000Z" },
    company: null,
    ...overrides,
  };
}

const delivered = order(1002, {
  company: { id: "6f1c2a3b-0000-4000-8000-00000000c0de", name: "Acme Widgets Ltd" },
  state: "delivered",
  period: { number: 2, startedAt: "2026-12-23T10:00:00.000Z" },
  assignee: { id: "m-sam", name: "Sam Staff" },
  // Past, but delivered: not late any more.
  dueAt: "2026-01-05T12:00:00.000Z",
});
/** Still being worked on, and its date has passed. */
const late = order(1001, { state: "in_progress", assignee: null, dueAt: "2026-01-02T12:00:00.000Z" });
const everyOrder = [delivered, late];

/** The server's answer: every order, or the ones the state filter and search ask for. */
function stubServer(member?: { permissions: Permission[] }) {
  stubScreenWidth(1280);
  return fakeApi({
    ...((member
      ? {
          "GET /api/auth/get-session": {
            user: {
              id: "member-1",
              name: "Sam Staff",
              email: "sam@example.com",
              emailVerified: true,
              role: "staff",
              createdAt: "2026-01-01T00:00:00.000Z",
            },
            session: { id: "session-1", expiresAt: "2030-01-01T00:00:00.000Z" },
          },
          "GET /api/admin/:email": { admin: true, role: "staff", ...member },
        }
      : {}) satisfies FakeRoutes),
    "GET /api/messages/unread": { total: 3, orders: [{ orderId: delivered._id, unread: 3 }] },
    "GET /api/admin/subscriptions/summary": {
      monthlyRecurringRevenue: 0,
      currency: "usd",
      active: 0,
      pastDue: 0,
      canceled: 0,
    },
    "GET /api/orders": ({ query }): AdminOrderList => {
      const narrowed =
        query.has("state") || query.has("search") || query.has("assignee") || query.has("companyId");
      return {
        orders: narrowed ? [delivered] : everyOrder,
        nextCursor: null,
        previousCursor: null,
        counts: { total: 2, paid: 2, unpaid: 0 },
      };
    },
  });
}

const listCalls = (api: FakeApi) => api.callsTo("GET /api/orders").map((call) => call.url);

function show() {
  return renderWithProviders(
    <MemoryRouter>
      <AllOrders />
    </MemoryRouter>,
  );
}

// The filters live in the address: each test starts from a bare one.
afterEach(() => window.history.replaceState(null, "", "/"));

describe("All Orders' filters", () => {
  it("shows each order's progress, its unread messages and the way to its page", async () => {
    stubServer();
    show();
    const link = await screen.findByRole("link", { name: orderDetail.openLabel("#1002") });
    expect(link.getAttribute("href")).toBe(`/dashboard/admin/orders/${delivered._id}`);
    const row = link.closest("tr") as HTMLElement;
    expect(within(row).getByText("Delivered")).toBeTruthy();
    // A renewed order says which work period is delivered; a first period says nothing of it.
    expect(within(row).getByText(periodTexts.name(2))).toBeTruthy();
    expect(screen.queryByText(periodTexts.name(1))).toBeNull();
    expect(await within(row).findByText(orderDetail.unread(3))).toBeTruthy();
  });

  it("names the company first and the person second; a team member's own order, the person only", async () => {
    stubServer();
    show();
    const deliveredRow = (await screen.findByText("customer-1002@example.com")).closest("tr") as HTMLElement;
    const lines = [...deliveredRow.querySelectorAll("td:nth-child(2) span")].map((line) => line.textContent);
    expect(lines).toEqual(["Acme Widgets Ltd", "Customer 1002", "customer-1002@example.com"]);
    const lateRow = screen.getByText("customer-1001@example.com").closest("tr") as HTMLElement;
    const own = [...lateRow.querySelectorAll("td:nth-child(2) span")].map((line) => line.textContent);
    expect(own).toEqual(["Customer 1001", "customer-1001@example.com"]);
  });

  it("lists one company's orders when the address names it, and goes back to every order", async () => {
    window.history.replaceState(
      null,
      "",
      "/dashboard/admin/all__orders?companyId=6f1c2a3b-0000-4000-8000-00000000c0de",
    );
    const api = stubServer();
    show();
    expect(await screen.findByText(companyOrdersFilter.showing("Acme Widgets Ltd"))).toBeTruthy();
    expect(listCalls(api)).toContain(
      "/api/orders?page=0&companyId=6f1c2a3b-0000-4000-8000-00000000c0de&size=20",
    );
    fireEvent.click(screen.getByRole("button", { name: companyOrdersFilter.showAll }));
    await waitFor(() => expect(listCalls(api)).toContain("/api/orders?page=0&size=20"));
    expect(window.location.search).toBe("");
  });

  it("shows who works on each order and by when, a late one in red, and lists the caller's own", async () => {
    const api = stubServer();
    show();
    const lateRow = (await screen.findByText("customer-1001@example.com")).closest("tr") as HTMLElement;
    expect(within(lateRow).getByText(`(${assignmentTexts.overdue})`)).toBeTruthy();
    expect(lateRow.querySelector("[data-overdue]")?.className).toContain("text-danger");
    const deliveredRow = screen.getByText("customer-1002@example.com").closest("tr") as HTMLElement;
    expect(within(deliveredRow).getByText("Sam Staff")).toBeTruthy();
    expect(deliveredRow.querySelector("[data-overdue]")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: orderFilters.me }));
    await waitFor(() => expect(listCalls(api)).toContain("/api/orders?page=0&assignee=me&size=20"));
    expect(new URLSearchParams(window.location.search).get("assignee")).toBe("me");
    expect(screen.getByRole("link", { name: adminPages.exportOrders }).getAttribute("href")).toBe(
      "/api/admin/orders.csv?assignee=me",
    );
  });

  it("offers the exports and the revenue only to a role that sees money", async () => {
    stubServer({ permissions: ["orders.work", "messages.send"] });
    show();
    await screen.findByText("customer-1001@example.com");
    await waitFor(() => expect(screen.queryByRole("link", { name: adminPages.exportOrders })).toBeNull());
    expect(screen.queryByRole("link", { name: adminPages.exportPayments })).toBeNull();
  });

  it("asks the server for one state, and for a search, from the first page", async () => {
    const api = stubServer();
    show();
    await screen.findByText("customer-1001@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Delivered" }));
    await waitFor(() => expect(listCalls(api)).toContain("/api/orders?page=0&state=delivered&size=20"));
    await waitFor(() => expect(screen.queryByText("customer-1001@example.com")).toBeNull());
    expect(screen.getByRole("button", { name: "Delivered" }).getAttribute("aria-pressed")).toBe("true");

    fireEvent.change(screen.getByRole("searchbox", { name: orderFilters.search }), {
      target: { value: "  #1002 " },
    });
    fireEvent.click(screen.getByRole("button", { name: orderFilters.searchButton }));
    await waitFor(() =>
      expect(listCalls(api)).toContain("/api/orders?page=0&state=delivered&search=%231002&size=20"),
    );
    // The export downloads the same narrowed list; payments are exported whole.
    expect(screen.getByRole("link", { name: adminPages.exportOrders }).getAttribute("href")).toBe(
      "/api/admin/orders.csv?state=delivered&search=%231002",
    );
    expect(screen.getByRole("link", { name: adminPages.exportPayments }).getAttribute("href")).toBe(
      "/api/admin/payments.csv",
    );

    fireEvent.click(screen.getByRole("button", { name: orderFilters.clear }));
    fireEvent.click(screen.getByRole("button", { name: orderFilters.all }));
    await screen.findByText("customer-1001@example.com");
  });

  it("searches once typing pauses, keeps the state and search in the address, and starts from them", async () => {
    const api = stubServer();
    const first = show();
    await screen.findByText("customer-1001@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Delivered" }));
    fireEvent.change(screen.getByRole("searchbox", { name: orderFilters.search }), {
      target: { value: "#1002" },
    });
    await waitFor(() =>
      expect(listCalls(api)).toContain("/api/orders?page=0&state=delivered&search=%231002&size=20"),
    );
    expect(new URLSearchParams(window.location.search).get("search")).toBe("#1002");
    expect(new URLSearchParams(window.location.search).get("state")).toBe("delivered");

    // Reloaded at that address, the list opens narrowed.
    first.unmount();
    const reloaded = stubServer();
    show();
    await waitFor(() =>
      expect(listCalls(reloaded)[0]).toBe("/api/orders?page=0&state=delivered&search=%231002&size=20"),
    );
    expect((await screen.findByRole("button", { name: "Delivered" })).getAttribute("aria-pressed")).toBe(
      "true",
    );
  });
});
