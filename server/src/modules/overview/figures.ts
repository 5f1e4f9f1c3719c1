import { type Overview, type OverviewPlan, toMajor } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { readRowCounts } from "../../db/row-counts.js";
import { subscriptionFigures } from "../billing/index.js";
import { leadCountsByWeek, type PlanRow, revenueCentsByMonth, topPlanRows } from "./queries.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Overview's time frame: the twelve calendar months and the twelve weeks (Monday to Sunday)
 * up to the current ones, in UTC, each as its first instant and the key the answer names it by.
 */
function periodsOf(now: Date) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(year, month - 11 + i, 1)));
  const today = Date.UTC(year, month, now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  const weeks = Array.from({ length: 12 }, (_, i) => new Date(monday - (11 - i) * 7 * DAY_MS));
  return {
    months: months.map((start) => ({ start, key: start.toISOString().slice(0, 7) })),
    monthsEnd: new Date(Date.UTC(year, month + 1, 1)),
    weeks: weeks.map((start) => ({ start, key: start.toISOString().slice(0, 10) })),
    weeksEnd: new Date(monday + 7 * DAY_MS),
  };
}

/**
 * The five plans that brought in the most (payments less refunds of their orders, renewals
 * included) and the five whose orders were first paid most often, in the months from `from` to `to`.
 */
async function topPlans(db: Database, fromTime: Date, toTime: Date, currency: string) {
  const rows = await topPlanRows(db, fromTime, toTime);
  const toPlan = (row: PlanRow): OverviewPlan => ({
    planId: row.plan_id,
    service: row.service,
    duration: row.duration,
    revenue: toMajor(Number(row.cents), currency),
    orders: Number(row.orders),
  });
  const ranking = (name: PlanRow["ranking"], key: "revenue" | "orders") =>
    rows
      .filter((row) => row.ranking === name)
      .map(toPlan)
      .sort((a, b) => b[key] - a[key] || (a.planId < b.planId ? -1 : 1));
  return { byRevenue: ranking("revenue", "revenue"), byOrders: ranking("orders", "orders") };
}

/**
 * Every figure of the Overview at `now`, each one SQL aggregate (GROUP BY month, week or plan)
 * over the index entries of its time range, or a maintained count: no rows are read into the
 * process but the groups, so the cost follows the time range, not the size of the tables.
 */
/** The figures that are worked out now and then and kept (see service.ts). */
export type OverviewFigures = Omit<Overview, "recentCancellations" | "pastDue">;

/**
 * Amounts are written in the shop's `currency`; money taken in an earlier currency is added as it
 * is (nothing is converted).
 */
export async function computeOverview(db: Database, now: Date, currency: string): Promise<OverviewFigures> {
  const { months, monthsEnd, weeks, weeksEnd } = periodsOf(now);
  const from = months[0]?.start ?? monthsEnd;
  const firstWeek = weeks[0]?.start ?? weeksEnd;
  const [revenueRows, customerRows, leadRows, plans, counts, billing] = await Promise.all([
    revenueCentsByMonth(db, from, monthsEnd),
    // Kept per month by a trigger (migration 0044): customers, not members of the team.
    readRowCounts(
      db,
      months.map(({ key }) => `customers:${key}` as const),
    ),
    leadCountsByWeek(db, firstWeek, weeksEnd),
    topPlans(db, from, monthsEnd, currency),
    readRowCounts(db, ["orders", "orders_paid"]),
    subscriptionFigures(db, now),
  ]);
  const { summary: subscriptions, churn } = billing;
  const revenue = new Map(revenueRows.map((row) => [row.month, row.cents]));
  const customers = new Map(months.map(({ key }) => [key, customerRows[`customers:${key}`]]));
  const leadsOf = new Map(leadRows.map((row) => [row.week, row]));
  const monthly = months.map(({ key }) => ({
    month: key,
    revenue: toMajor(revenue.get(key) ?? 0, currency),
    newCustomers: customers.get(key) ?? 0,
  }));
  const thisMonth = monthly[monthly.length - 1];
  return {
    asOf: now.toISOString(),
    timeZone: "UTC",
    currency,
    revenueThisMonth: thisMonth?.revenue ?? 0,
    monthlyRecurringRevenue: subscriptions.monthlyRecurringRevenue,
    subscriptions: {
      active: subscriptions.active,
      pastDue: subscriptions.pastDue,
      canceled: subscriptions.canceled,
    },
    orders: { total: counts.orders, paid: counts.orders_paid, unpaid: counts.orders - counts.orders_paid },
    newCustomersThisMonth: thisMonth?.newCustomers ?? 0,
    months: monthly,
    leadsByWeek: weeks.map(({ key }) => ({
      week: key,
      contact: leadsOf.get(key)?.contact ?? 0,
      query: leadsOf.get(key)?.query ?? 0,
      newsletter: leadsOf.get(key)?.newsletter ?? 0,
    })),
    topPlans: plans,
    churn,
  };
}
