import { defaultWeeklyHours, timeMessages, toMajor, type Workload } from "@agency/contract";
import { and, eq, gte, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { executeKeptQuery, hiddenFromPlanner, wordsInText } from "../../db/named-statement.js";
import { readRowCounts } from "../../db/row-counts.js";
import { memberSettings, orders, pricingPlans, timeEntries, user } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { shopMoney } from "../catalog/index.js";
import { weekOf } from "./week.js";

// Each member's load for the week: open orders, the overdue ones, the hours due (from due dates and
// the plans' expected hours), the hours logged and their capacity. The open orders and those with a
// due date are counts kept by the orders' trigger (migration 0062); the orders due from the week's
// start on are read by due date (orders_open_due_idx): a few reads, whatever the number of orders,
// each a statement kept and planned once per connection (the instant the due dates start from is a
// subquery's answer, so that the plan does not depend on it: docs/decisions/036).

const openStates = ["submitted", "in_progress", "delivered"] as const;

/** The open states in the statement's text, where the planner sees them (the index holds open orders only). */
const openStatesInText = wordsInText(openStates);

export async function workload(db: Database, now: Date, seesMoney: boolean): Promise<Workload> {
  const { start, end, firstDay, lastDay } = weekOf(now);
  const from = start < now ? start : now;
  const [members, ahead, logged, capacity] = await Promise.all([
    executeKeptQuery(
      db,
      "workload_members",
      () =>
        db
          .select({ id: user.id, name: user.name })
          .from(user)
          .where(and(isNotNull(user.role), isNull(user.suspendedAt)))
          .orderBy(user.name),
      {},
    ),
    executeKeptQuery(
      db,
      "workload_orders_ahead",
      () =>
        db
          .select({
            memberId: orders.assigneeId,
            notYetDue: sql<number>`(count(*) filter (where ${orders.dueAt} >= ${sql.placeholder("now")}::timestamptz))::int`,
            dueMinutes: sql<number>`coalesce(sum(${pricingPlans.expectedMinutes}) filter (where ${orders.dueAt} < ${sql.placeholder("end")}::timestamptz and ${orders.dueAt} >= ${sql.placeholder("start")}::timestamptz), 0)::int`,
          })
          .from(orders)
          .leftJoin(pricingPlans, eq(pricingPlans.id, orders.planId))
          .where(
            and(
              isNotNull(orders.assigneeId),
              sql`${orders.state} in (${openStatesInText})`,
              sql`${orders.dueAt} >= ${hiddenFromPlanner(sql.placeholder("from"), "timestamptz")}`,
            ),
          )
          .groupBy(orders.assigneeId),
      {
        now: now.toISOString(),
        start: start.toISOString(),
        end: end.toISOString(),
        from: from.toISOString(),
      },
    ),
    executeKeptQuery(
      db,
      "workload_minutes_logged",
      () =>
        db
          .select({
            memberId: timeEntries.memberId,
            minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::int`,
          })
          .from(timeEntries)
          .where(
            and(
              gte(timeEntries.day, sql.placeholder("firstDay")),
              lte(timeEntries.day, sql.placeholder("lastDay")),
            ),
          )
          .groupBy(timeEntries.memberId),
      { firstDay, lastDay },
    ),
    executeKeptQuery(db, "workload_member_settings", () => db.select().from(memberSettings), {}),
  ]);
  const counts = await readRowCounts(
    db,
    members.flatMap((member) => [`open:${member.id}`, `open_due:${member.id}`] as const),
  );
  const { currency } = await shopMoney(db);
  const rate = (cents: number | null) => (cents === null ? null : toMajor(cents, currency));
  const aheadOf = new Map(ahead.map((row) => [row.memberId, row]));
  const loggedOf = new Map(logged.map((row) => [row.memberId, row.minutes]));
  const capacityOf = new Map(capacity.map((row) => [row.memberId, row.weeklyMinutes]));
  const rateOf = new Map(capacity.map((row) => [row.memberId, row.hourlyRateCents]));
  return {
    weekStart: firstDay,
    currency,
    members: members.map((member) => {
      const row = aheadOf.get(member.id);
      const capacityMinutes = capacityOf.get(member.id) ?? defaultWeeklyHours * 60;
      const dueMinutes = row?.dueMinutes ?? 0;
      return {
        memberId: member.id,
        name: member.name,
        openOrders: counts[`open:${member.id}`] ?? 0,
        overdueOrders: (counts[`open_due:${member.id}`] ?? 0) - (row?.notYetDue ?? 0),
        dueMinutes,
        loggedMinutes: loggedOf.get(member.id) ?? 0,
        capacityMinutes,
        overloaded: dueMinutes > capacityMinutes,
        // What an hour of theirs is invoiced at: money, for a role that sees it.
        ...(seesMoney ? { hourlyRate: rate(rateOf.get(member.id) ?? null) } : {}),
      };
    }),
  };
}

/** Sets the hours a member of the team works in a week. */
export async function setCapacity(db: Database, memberId: string, hours: number): Promise<void> {
  await saveSettings(db, memberId, { weeklyMinutes: Math.round(hours * 60) });
}

/** Sets (or clears) what an hour of a member's billable time is invoiced at, in the shop's currency. */
export async function setHourlyRate(db: Database, memberId: string, cents: number | null): Promise<void> {
  await saveSettings(db, memberId, { hourlyRateCents: cents });
}

async function saveSettings(
  db: Database,
  memberId: string,
  changes: { weeklyMinutes?: number; hourlyRateCents?: number | null },
): Promise<void> {
  const [member] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, memberId), isNotNull(user.role)));
  if (!member) throw new AppError("not_found", timeMessages.notMember);
  await db
    .insert(memberSettings)
    .values({ memberId, ...changes })
    .onConflictDoUpdate({ target: memberSettings.memberId, set: { ...changes, updatedAt: new Date() } });
}
