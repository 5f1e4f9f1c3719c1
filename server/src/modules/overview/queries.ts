import { and, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { rowCountOf } from "../../db/row-counts.js";
import { firstRowOf, rowsOf } from "../../db/rows.js";
import { leads, payments, planMonths, pricingPlans } from "../../db/schema.js";
import { pastDueJson, recentCancellationsJson } from "../billing/index.js";

type LiveRow = { newest: string | null; writes: number; cancellations?: unknown; past_due?: unknown };

/**
 * What every call reads, in one statement: the newest payment or refund recorded by any process
 * (one step down an index) and how many subscription rows were ever written (migration 0043),
 * and, when `lists` are asked for, the latest cancellations and the past-due subscriptions (a few
 * rows down an index each) read at that count. Without an assignee it has no parameters, so the
 * embedded database plans it once.
 */
export function newestPaymentAndSubscriptionWrites(
  db: Database,
  lists?: { assigneeId?: string },
): Promise<LiveRow | undefined> {
  return firstRowOf<LiveRow>(
    db,
    sql`select
    (select ${payments.createdAt}::text || ' ' || ${payments.id} from ${payments}
      order by ${payments.createdAt} desc, ${payments.id} desc limit 1) as newest,
    ${rowCountOf("subscriptions_writes")} as writes
    ${lists ? sql`, ${recentCancellationsJson(lists)} as cancellations, ${pastDueJson(lists)} as past_due` : sql``}`,
  );
}

/** The first day of a month, as the `plan_months` table keys it. */
const dayOf = (time: Date) => sql`${time.toISOString().slice(0, 10)}::date`;

/** Revenue in cents per month (`YYYY-MM`) from `from` up to `to`, from the figures per month and plan. */
export function revenueCentsByMonth(db: Database, from: Date, to: Date) {
  return db
    .select({
      month: sql<string>`to_char(${planMonths.month}, 'YYYY-MM')`,
      cents: sql`sum(${planMonths.revenueCents})`.mapWith(Number),
    })
    .from(planMonths)
    .where(and(gte(planMonths.month, dayOf(from)), lt(planMonths.month, dayOf(to))))
    .groupBy(sql`1`);
}

/** Leads per UTC week (`YYYY-MM-DD` of its Monday) by kind; newsletter sign-ups once confirmed. */
export function leadCountsByWeek(db: Database, from: Date, to: Date) {
  return db
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
    .where(and(gte(leads.createdAt, from), lt(leads.createdAt, to)))
    .groupBy(sql`1`);
}

export type PlanRow = {
  ranking: "revenue" | "orders";
  plan_id: string;
  service: string;
  duration: "monthly" | "yearly";
  cents: string | number;
  orders: string | number;
};

/**
 * The five plans that brought in the most (payments less refunds of their orders, renewals
 * included) and the five whose orders were first paid most often, in the months from `from` to
 * `to`: read from the figures per month and plan that triggers keep (migration 0022). Sums and
 * counts come as text.
 */
export function topPlanRows(db: Database, fromTime: Date, toTime: Date): Promise<PlanRow[]> {
  return rowsOf<PlanRow>(
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
}
