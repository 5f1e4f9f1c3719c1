import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { preparedOnce } from "../../../db/named-statement.js";
import { orderBriefs, orderPeriods, orders, type StoredBriefAnswer } from "../../../db/schema.js";

export type PeriodRow = typeof orderPeriods.$inferSelect;

/**
 * SQL: the moment the order's work is due when it starts now: now plus its plan's turnaround
 * (in the order's own UPDATE, so `plan_id` is the order's).
 */
const dueFromNow = sql`now() + make_interval(days => (select p.turnaround_days from pricing_plans p
  where p.id = ${orders.planId}))`;

/** Writes the order's first work period, opened when it was paid, unless it has one. */
export async function insertFirstPeriodUnlessThere(
  tx: Database,
  orderId: string,
  paidAt: Date,
): Promise<void> {
  await tx
    .insert(orderPeriods)
    .values({ orderId, number: 1, startedAt: paidAt, openedAt: paidAt })
    .onConflictDoNothing();
}

/** Writes the order's first work period, opened when it was paid. */
export async function insertFirstPeriod(tx: Database, orderId: string, paidAt: Date): Promise<void> {
  await tx.insert(orderPeriods).values({ orderId, number: 1, startedAt: paidAt, openedAt: paidAt });
}

/** Writes a work period paid for and not opened yet. */
export async function insertWaitingPeriod(
  tx: Database,
  orderId: string,
  number: number,
  startedAt: Date,
): Promise<void> {
  await tx.insert(orderPeriods).values({ orderId, number, startedAt });
}

/** The order's newest work period, opened or not. */
export async function newestPeriodOfOrder(tx: Database, orderId: string): Promise<PeriodRow | undefined> {
  const [latest] = await tx
    .select()
    .from(orderPeriods)
    .where(eq(orderPeriods.orderId, orderId))
    .orderBy(desc(orderPeriods.number))
    .limit(1);
  return latest;
}

/** The number of the order's oldest period not opened yet. */
export async function oldestWaitingPeriodOfOrder(tx: Database, orderId: string) {
  const [waiting] = await tx
    .select({ number: orderPeriods.number })
    .from(orderPeriods)
    .where(and(eq(orderPeriods.orderId, orderId), isNull(orderPeriods.openedAt)))
    .orderBy(asc(orderPeriods.number))
    .limit(1);
  return waiting;
}

/** The answers of the order's brief, if it has one. */
export async function briefAnswersOfOrder(tx: Database, orderId: string) {
  const [brief] = await tx
    .select({ answers: orderBriefs.answers })
    .from(orderBriefs)
    .where(eq(orderBriefs.orderId, orderId));
  return brief;
}

/** Opens the period now with a copy of the brief, not confirmed yet. */
export async function openPeriodWithBrief(
  tx: Database,
  orderId: string,
  number: number,
  brief: StoredBriefAnswer[] | null,
): Promise<void> {
  await tx
    .update(orderPeriods)
    .set({ openedAt: sql`now()`, brief, briefConfirmedAt: null })
    .where(and(eq(orderPeriods.orderId, orderId), eq(orderPeriods.number, number)));
}

/** The order's work is due its plan's turnaround from now. */
export async function setOrderDueFromNow(tx: Database, orderId: string): Promise<void> {
  await tx.update(orders).set({ dueAt: dueFromNow }).where(eq(orders.id, orderId));
}

/** The order's work is due its plan's turnaround from now, if it has no due date. */
export async function setOrderDueFromNowUnlessSet(tx: Database, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ dueAt: dueFromNow })
    .where(and(eq(orders.id, orderId), isNull(orders.dueAt)));
}

/** The period keeps its copy of the brief, confirmed now. */
export async function confirmBriefOfPeriod(
  tx: Database,
  orderId: string,
  number: number,
  answers: StoredBriefAnswer[],
): Promise<void> {
  await tx
    .update(orderPeriods)
    .set({ brief: answers, briefConfirmedAt: sql`now()` })
    .where(and(eq(orderPeriods.orderId, orderId), eq(orderPeriods.number, number)));
}

/** The order's open work period (the newest opened). */
export async function newestOpenedPeriodOfOrder(
  db: Database,
  orderId: string,
): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(orderPeriods)
    .where(and(eq(orderPeriods.orderId, orderId), isNotNull(orderPeriods.openedAt)))
    .orderBy(desc(orderPeriods.number))
    .limit(1);
  return row;
}

/** Each of these orders' newest opened period (one statement for all of them). */
export function newestOpenedPeriodsOfOrders(db: Database, orderIds: string[]) {
  return preparedOnce(db, "newest_opened_periods_of_orders", () =>
    db
      .selectDistinctOn([orderPeriods.orderId], {
        orderId: orderPeriods.orderId,
        number: orderPeriods.number,
        startedAt: orderPeriods.startedAt,
      })
      .from(orderPeriods)
      .where(
        and(
          sql`${orderPeriods.orderId} = any(${sql.placeholder("ids")}::uuid[])`,
          isNotNull(orderPeriods.openedAt),
        ),
      )
      .orderBy(orderPeriods.orderId, desc(orderPeriods.number))
      .prepare("newest_opened_periods_of_orders"),
  ).execute({ ids: orderIds });
}

/** The order's opened periods, oldest first. */
export function openedPeriodsOldestFirst(db: Database, orderId: string) {
  return db
    .select({ number: orderPeriods.number, startedAt: orderPeriods.startedAt })
    .from(orderPeriods)
    .where(and(eq(orderPeriods.orderId, orderId), isNotNull(orderPeriods.openedAt)))
    .orderBy(asc(orderPeriods.number));
}
