import type { Overview } from "@agency/contract";
import { formatMajorMoney } from "@agency/contract";
import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { monthNames } from "../../lib/dates";
import { churnTexts, overviewPage as t } from "../../lib/messages";
import { stubScreenWidth } from "../../test/browser-apis";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import OverviewPage from "./overview";

const monthKeys = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, "0")}`);

function figures(overrides: Partial<Overview> = {}): Overview {
  return {
    asOf: "2025-12-15T10:00:00.000Z",
    timeZone: "UTC",
    currency: "usd",
    revenueThisMonth: 1234.5,
    monthlyRecurringRevenue: 456.78,
    subscriptions: { active: 7, pastDue: 0, canceled: 1 },
    orders: { total: 30, paid: 21, unpaid: 9 },
    newCustomersThisMonth: 4,
    months: monthKeys.map((month, i) => ({
      month,
      revenue: month === "2025-12" ? 1234.5 : month === "2025-06" ? 2000 : i === 2 ? -50 : 0,
      newCustomers: month === "2025-12" ? 4 : 1,
    })),
    leadsByWeek: Array.from({ length: 12 }, (_, i) => ({
      week: new Date(Date.UTC(2025, 8, 29 + i * 7)).toISOString().slice(0, 10),
      contact: i === 11 ? 2 : 0,
      query: 1,
      newsletter: 0,
    })),
    topPlans: {
      byRevenue: [
        { planId: "p1", service: "Premium", duration: "yearly", revenue: 2000, orders: 1 },
        { planId: "p2", service: "Standard", duration: "monthly", revenue: 1234.5, orders: 3 },
      ],
      byOrders: [
        { planId: "p2", service: "Standard", duration: "monthly", revenue: 1234.5, orders: 3 },
        { planId: "p1", service: "Premium", duration: "yearly", revenue: 2000, orders: 1 },
      ],
    },
    recentCancellations: [],
    churn: {
      thisMonth: {
        month: "2025-12",
        cancellations: 0,
        failedRenewals: 0,
        recurringRevenueAtStart: 0,
        recurringRevenueLost: 0,
        churnRate: null,
      },
      previousMonth: {
        month: "2025-11",
        cancellations: 0,
        failedRenewals: 0,
        recurringRevenueAtStart: 0,
        recurringRevenueLost: 0,
        churnRate: null,
      },
      reasons: [],
    },
    pastDue: [],
    ...overrides,
  };
}

function stubServer(answer: Overview) {
  stubScreenWidth(1280);
  return fakeApi({ "GET /api/admin/overview": answer });
}

describe("the overview page", () => {
  it("shows the server's figures in the cards, the charts and the top plans", async () => {
    const api = stubServer(figures());
    renderWithProviders(<OverviewPage />);

    expect((await screen.findByTestId("revenue-this-month")).textContent).toContain(
      formatMajorMoney(1234.5, "usd"),
    );
    expect(api.urls()[0]).toContain("/api/admin/overview");
    expect(screen.getByTestId("monthly-recurring-revenue")?.textContent).toContain(
      formatMajorMoney(456.78, "usd"),
    );
    expect(screen.getByTestId("paid-orders")?.textContent).toContain("21");
    expect(screen.getByTestId("unpaid-orders")?.textContent).toContain("9");
    expect(screen.getByTestId("new-customers")?.textContent).toContain("4");

    // Each chart is a picture named by a summary of its figures, with the figures in a table.
    const revenueTotal = 1234.5 + 2000 - 50;
    const revenueChart = screen.getByRole("img", {
      name: t.revenueChart(
        12,
        formatMajorMoney(revenueTotal, "usd"),
        formatMajorMoney(2000, "usd"),
        monthNames("2025-06").long,
      ),
    });
    expect(revenueChart.tagName.toLowerCase()).toBe("svg");
    const revenueTable = within(screen.getByRole("region", { name: t.revenueHeading })).getByRole("table");
    const december = within(revenueTable).getByRole("row", { name: new RegExp(monthNames("2025-12").long) });
    expect(december.textContent).toContain(formatMajorMoney(1234.5, "usd"));
    const march = within(revenueTable).getByRole("row", { name: new RegExp(monthNames("2025-03").long) });
    expect(march.textContent).toContain(formatMajorMoney(-50, "usd"));
    expect(
      screen.getByRole("img", { name: t.customersChart(12, 15, 4, monthNames("2025-12").long) }),
    ).toBeTruthy();
    expect(screen.getByRole("img", { name: t.leadsChart(12, 2, 12, 0) })).toBeTruthy();

    const byRevenue = screen.getByRole("table", { name: t.byRevenue });
    const rows = within(byRevenue).getAllByRole("row");
    expect(rows[1]?.textContent).toContain(t.planName("Premium", "yearly"));
    expect(rows[1]?.textContent).toContain(formatMajorMoney(2000, "usd"));
    expect(rows[2]?.textContent).toContain(t.planName("Standard", "monthly"));
    const byOrders = within(screen.getByRole("table", { name: t.byOrders })).getAllByRole("row");
    expect(byOrders[1]?.textContent).toContain(t.planName("Standard", "monthly"));
  });

  it("leaves recurring revenue out while there are no subscriptions", async () => {
    stubServer(
      figures({ monthlyRecurringRevenue: 0, subscriptions: { active: 0, pastDue: 0, canceled: 0 } }),
    );
    renderWithProviders(<OverviewPage />);
    expect(await screen.findByTestId("revenue-this-month")).toBeTruthy();
    expect(screen.queryByTestId("monthly-recurring-revenue")).toBeNull();
    expect(screen.queryByText(t.monthlyRecurringRevenue)).toBeNull();
  });

  it("lists the latest cancellations with the reasons customers gave", async () => {
    stubServer(
      figures({
        recentCancellations: [
          {
            orderId: "o-1",
            orderNumber: 1007,
            customer: "Casey Customer",
            service: "Standard (monthly)",
            canceledAt: "2025-12-14T09:00:00.000Z",
            reason: "We are moving the work in-house.",
          },
          {
            orderId: "o-2",
            orderNumber: 1003,
            customer: "Dana Doe",
            service: "Premium (yearly)",
            canceledAt: "2025-12-10T09:00:00.000Z",
            reason: null,
          },
        ],
      }),
    );
    renderWithProviders(
      <MemoryRouter>
        <OverviewPage />
      </MemoryRouter>,
    );
    const panel = (await screen.findByText(t.cancellationsHeading)).closest("section") as HTMLElement;
    const rowOf = (text: string) => within(panel).getByText(text).closest("tr") as HTMLElement;
    expect(within(rowOf("Casey Customer")).getByText("We are moving the work in-house.")).toBeTruthy();
    expect(within(rowOf("Casey Customer")).getByRole("link", { name: "#1007" }).getAttribute("href")).toBe(
      "/dashboard/admin/orders/o-1",
    );
    expect(within(rowOf("Dana Doe")).getByText(t.noReason)).toBeTruthy();
  });

  it("shows this month's churn beside last month's, the reasons given and the past-due plans", async () => {
    stubServer(
      figures({
        subscriptions: { active: 7, pastDue: 1, canceled: 3 },
        churn: {
          thisMonth: {
            month: "2025-12",
            cancellations: 3,
            failedRenewals: 2,
            recurringRevenueAtStart: 400,
            recurringRevenueLost: 20,
            churnRate: 0.05,
          },
          previousMonth: {
            month: "2025-11",
            cancellations: 1,
            failedRenewals: 0,
            recurringRevenueAtStart: 380,
            recurringRevenueLost: 9.5,
            churnRate: 0.025,
          },
          reasons: [
            { reason: "Too expensive", count: 2 },
            { reason: null, count: 1 },
          ],
        },
        pastDue: [
          {
            orderId: "o-9",
            orderNumber: 1009,
            customer: "Pat Late",
            service: "Standard (monthly)",
            dueSince: "2025-12-05T12:00:00.000Z",
            failedAttempts: 2,
            nextAttemptAt: "2025-12-08T12:00:00.000Z",
            amount: 19,
          },
        ],
      }),
    );
    renderWithProviders(
      <MemoryRouter>
        <OverviewPage />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId("churn-cancellations")).textContent).toBe("3");
    expect(screen.getByText(churnTexts.previous("1"))).toBeTruthy();
    expect(screen.getByTestId("churn-failed-renewals").textContent).toBe("2");
    expect(screen.getByTestId("churn-rate").textContent).toBe("5%");
    expect(
      screen.getByText(
        `${churnTexts.lost(formatMajorMoney(20, "usd"), formatMajorMoney(400, "usd"))} · ${churnTexts.previous("2.5%")}`,
      ),
    ).toBeTruthy();

    const reasons = within(screen.getByRole("table", { name: churnTexts.reasonsHeading })).getAllByRole(
      "row",
    );
    expect(reasons.slice(1).map((row) => row.textContent)).toEqual(["Too expensive2", `${t.noReason}1`]);

    const pastDue = screen.getByRole("table", { name: churnTexts.pastDueHeading });
    const row = within(pastDue).getByText("Pat Late").closest("tr") as HTMLElement;
    expect(within(row).getByRole("link", { name: "#1009" }).getAttribute("href")).toBe(
      "/dashboard/admin/orders/o-9",
    );
    expect(row.textContent).toContain(formatMajorMoney(19, "usd"));
  });
});
