import type { OrderPeriod } from "@agency/contract";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { OrderRow } from "../../auth/order-access.js";
import type { Database } from "../../db/client.js";
import { orderBriefs, orderPeriods, orders, type StoredBriefAnswer } from "../../db/schema.js";
import { moveOrder } from "./history.js";

/** The order as the events name it: its customer acts in the history for the payments. */
type OrderOfEvent = { id: string; userId: string; name: string };

const customerOf = (order: OrderOfEvent) => ({
  id: order.userId,
  name: order.name,
  role: "customer" as const,
});

/**
 * SQL: the moment the order's work is due when it starts now: now plus its plan's turnaround
 * (in the order's own UPDATE, so `plan_id` is the order's).
 */
const dueFromNow = sql`now() + make_interval(days => (select p.turnaround_days from pricing_plans p
  where p.id = ${orders.planId}))`;

/** The history's words when a renewal opens the next period. */
const renewedNote = (number: number) => `Renewed: period ${number} opened`;

/**
 * A payment was recorded for an unpaid order: its first work period opens and the work is
 * submitted, by the customer who paid.
 */
export async function submitPaidOrder(tx: Database, order: OrderOfEvent, paidAt: Date) {
  await tx
    .insert(orderPeriods)
    .values({ orderId: order.id, number: 1, startedAt: paidAt, openedAt: paidAt })
    .onConflictDoNothing();
  return moveOrder(tx, { orderId: order.id, from: null, to: "submitted", actor: customerOf(order) });
}

/**
 * A renewal of the order's plan was paid: the next work period is recorded.
 *
 * When the previous period's work is complete, the new period opens at once: the order is
 * "submitted" again, with the brief carried over for the customer to confirm or edit.
 *
 * When that work is still under way (submitted, in progress or delivered), the order keeps its
 * state and the new period waits: it opens when the customer approves the delivery (see
 * `openWaitingPeriod`). So a late delivery stays with the period it was for, and every period paid
 * for gets its own round of work, one after the other.
 *
 * A cancelled order, or one whose plan has ended, gets no new period.
 */
export async function renewOrderPeriod(
  tx: Database,
  { order, period }: { order: OrderOfEvent; period: { start: Date } },
): Promise<void> {
  // The order's row is locked first, as approving a delivery locks it: a renewal paid while the
  // customer approves either finds the order complete or is found by the approval.
  const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
  if (!row?.paid || !row.state || row.state === "cancelled" || row.endedAt) return;
  const [latest] = await tx
    .select()
    .from(orderPeriods)
    .where(eq(orderPeriods.orderId, row.id))
    .orderBy(desc(orderPeriods.number))
    .limit(1);
  // The same renewal reported again: its period is there already.
  if (latest && latest.startedAt >= period.start) return;
  if (!latest) {
    // An order written without its first period (by a data tool): the purchase is period 1.
    const paidAt = row.paymentTime ?? row.createdAt;
    await tx.insert(orderPeriods).values({ orderId: row.id, number: 1, startedAt: paidAt, openedAt: paidAt });
  }
  await tx
    .insert(orderPeriods)
    .values({ orderId: row.id, number: (latest?.number ?? 1) + 1, startedAt: period.start });
  if (row.state === "complete") await openWaitingPeriod(tx, order);
}

/**
 * The order's work is complete: the oldest period paid for and not opened yet opens. The order is
 * "submitted" again for it, the history says so, and the brief is carried over unconfirmed. Answers
 * whether a period opened. Runs in the transaction that completed the order.
 */
export async function openWaitingPeriod(tx: Database, order: OrderOfEvent): Promise<boolean> {
  const [waiting] = await tx
    .select({ number: orderPeriods.number })
    .from(orderPeriods)
    .where(and(eq(orderPeriods.orderId, order.id), isNull(orderPeriods.openedAt)))
    .orderBy(asc(orderPeriods.number))
    .limit(1);
  if (!waiting) return false;
  const [brief] = await tx
    .select({ answers: orderBriefs.answers })
    .from(orderBriefs)
    .where(eq(orderBriefs.orderId, order.id));
  await tx
    .update(orderPeriods)
    .set({ openedAt: sql`now()`, brief: brief?.answers ?? null, briefConfirmedAt: null })
    .where(and(eq(orderPeriods.orderId, order.id), eq(orderPeriods.number, waiting.number)));
  // The period's work is due its plan's turnaround after it opened (now(): the same moment).
  await tx.update(orders).set({ dueAt: dueFromNow }).where(eq(orders.id, order.id));
  // Written after the period opened, so the entry belongs to the new period.
  await moveOrder(tx, {
    orderId: order.id,
    from: "complete",
    to: "submitted",
    actor: customerOf(order),
    note: renewedNote(waiting.number),
  });
  return true;
}

type PeriodRow = typeof orderPeriods.$inferSelect;

/** The order's open work period (the newest opened), or none for an order without periods. */
export async function currentPeriodRow(db: Database, orderId: string): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(orderPeriods)
    .where(and(eq(orderPeriods.orderId, orderId), isNotNull(orderPeriods.openedAt)))
    .orderBy(desc(orderPeriods.number))
    .limit(1);
  return row;
}

/**
 * The customer confirmed the brief for the current period, as it is or with new answers: the
 * period keeps its copy and when it was confirmed. An order without a due date for this period
 * (the first: a renewal's period has one from when it opened) is due its plan's turnaround from now.
 */
export async function confirmPeriodBrief(tx: Database, orderId: string, answers: StoredBriefAnswer[]) {
  await tx
    .update(orders)
    .set({ dueAt: dueFromNow })
    .where(and(eq(orders.id, orderId), isNull(orders.dueAt)));
  const current = await currentPeriodRow(tx, orderId);
  if (!current) return;
  await tx
    .update(orderPeriods)
    .set({ brief: answers, briefConfirmedAt: sql`now()` })
    .where(and(eq(orderPeriods.orderId, orderId), eq(orderPeriods.number, current.number)));
}

const toPeriod = (row: { number: number; startedAt: Date }): OrderPeriod => ({
  number: row.number,
  startedAt: row.startedAt.toISOString(),
});

/**
 * A paid order written without periods (by a data tool) is in its first one, from its payment.
 */
const firstPeriodOf = (order: OrderRow): OrderPeriod => ({
  number: 1,
  startedAt: (order.paymentTime ?? order.createdAt).toISOString(),
});

/** Each paid order's current work period (one query for all of them); null for unpaid ones. */
export async function currentPeriodsOf(
  db: Database,
  rows: OrderRow[],
): Promise<Map<string, OrderPeriod | null>> {
  const paid = rows.filter((row) => row.paid);
  const found =
    paid.length === 0
      ? []
      : await db
          .selectDistinctOn([orderPeriods.orderId], {
            orderId: orderPeriods.orderId,
            number: orderPeriods.number,
            startedAt: orderPeriods.startedAt,
          })
          .from(orderPeriods)
          .where(
            and(
              inArray(
                orderPeriods.orderId,
                paid.map((row) => row.id),
              ),
              isNotNull(orderPeriods.openedAt),
            ),
          )
          .orderBy(orderPeriods.orderId, desc(orderPeriods.number));
  const byOrder = new Map(found.map((row) => [row.orderId, toPeriod(row)]));
  return new Map(rows.map((row) => [row.id, row.paid ? (byOrder.get(row.id) ?? firstPeriodOf(row)) : null]));
}

/** The order's opened work periods, oldest first. */
export async function periodsOfOrder(db: Database, order: OrderRow): Promise<OrderPeriod[]> {
  if (!order.paid) return [];
  const rows = await db
    .select({ number: orderPeriods.number, startedAt: orderPeriods.startedAt })
    .from(orderPeriods)
    .where(and(eq(orderPeriods.orderId, order.id), isNotNull(orderPeriods.openedAt)))
    .orderBy(asc(orderPeriods.number));
  return rows.length > 0 ? rows.map(toPeriod) : [firstPeriodOf(order)];
}
