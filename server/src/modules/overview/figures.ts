import { type Overview, type OverviewPlan, toMajor } from "@agency/contract";
import { and, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { readRowCounts } from "../../db/row-counts.js";
import { rowsOf } from "../../db/rows.js";
import { leads, planMonths, pricingPlans } from "../../db/schema.js";
import { subscriptionFigures } from "../billing/index.js";

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

type PlanRow = {
  ranking: "revenue" | "orders";
  plan_id: string;
  service: string;
  duration: "monthly" | "yearly";
  cents: string | number;
  orders: string | number;
};

/** The first day of a month, as the `plan_months` table keys it. */
const dayOf = (time: Date) => sql`${time.toISOString().slice(0, 10)}::date`;

/**
 * The five plans that brought in the most (payments less refunds of their orders, renewals
 * included) and the five whose orders were first paid most often, in the months from `from` to
 * `to`: read from the figures per month and plan that triggers keep (migration 0022).
 */
async function topPlans(db: Database, fromTime: Date, toTime: Date, currency: string) {
  // Sums and counts come as text.
  const rows = await rowsOf<PlanRow>(
    db,
    sql`
    with plans as (
      select ${planMonths.planId} as plan_id, sum(${planMonths.revenueCents}) as cents,
        sum(${planMonths.paidOrders}) as orders
      from ${planMonths}
      where ${planMonths.month} >= ${dayOf(fromTime)} and ${planMonths.month} < ${dayOf(toTime)}
      group by ${planMonths.planId}
    ), ranked as (
      (select 'revenue' as ranking, plans.* from plans where cents > 0 order by cents desc, plan_id limit 5)
      union all
      (select 'orders' as ranking, plans.* from plans where orders > 0 order by orders desc, plan_id limit 5)
    )
    select ranked.ranking, ranked.plan_id, pp.service, pp.duration, ranked.cents, ranked.orders
    from ranked join ${pricingPlans} pp on pp.id = ranked.plan_id`,
  );
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
    db
      .select({
        month: sql<string>`to_char(${planMonths.month}, 'YYYY-MM')`,
        cents: sql`sum(${planMonths.revenueCents})`.mapWith(Number),
      })
      .from(planMonths)
      .where(and(gte(planMonths.month, dayOf(from)), lt(planMonths.month, dayOf(monthsEnd))))
      .groupBy(sql`1`),
    // Kept per month by a trigger (migration 0044): customers, not members of the team.
    readRowCounts(
      db,
      months.map(({ key }) => `customers:${key}` as const),
    ),
    db
      .select({
        week: sql<string>`to_char(date_trunc('week', ${leads.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        contact: sql`count(*) filter (where ${leads.kind} = 'contact')`.mapWith(Number),
        query: sql`count(*) filter (where ${leads.kind} = 'query')`.mapWith(Number),
        newsletter:
          sql`count(*) filter (where ${leads.kind} = 'newsletter' and ${leads.confirmedAt} is not null)`.mapWith(
            Number,
          ),
      })
      .from(leads)
      .where(and(gte(leads.createdAt, firstWeek), lt(leads.createdAt, weeksEnd)))
      .groupBy(sql`1`),
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
