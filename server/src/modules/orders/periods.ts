import type { OrderPeriod } from "@agency/contract";
import type { OrderRow } from "../../auth/order-access.js";
import type { Database } from "../../db/client.js";
import type { StoredBriefAnswer } from "../../db/schema.js";
import { moveOrder } from "./history.js";
import { orderRowLocked } from "./queries/orders.js";
import {
  briefAnswersOfOrder,
  confirmBriefOfPeriod,
  insertFirstPeriod,
  insertFirstPeriodUnlessThere,
  insertWaitingPeriod,
  newestOpenedPeriodOfOrder,
  newestOpenedPeriodsOfOrders,
  newestPeriodOfOrder,
  oldestWaitingPeriodOfOrder,
  openedPeriodsOldestFirst,
  openPeriodWithBrief,
  type PeriodRow,
  setOrderDueFromNow,
  setOrderDueFromNowUnlessSet,
} from "./queries/periods.js";

/** The order as the events name it: its customer acts in the history for the payments. */
type OrderOfEvent = { id: string; userId: string; name: string };

const customerOf = (order: OrderOfEvent) => ({
  id: order.userId,
  name: order.name,
  role: "customer" as const,
});

/** The history's words when a renewal opens the next period. */
const renewedNote = (number: number) => `Renewed: period ${number} opened`;

/**
 * A payment was recorded for an unpaid order: its first work period opens and the work is
 * submitted, by the customer who paid.
 */
export async function submitPaidOrder(tx: Database, order: OrderOfEvent, paidAt: Date) {
  await insertFirstPeriodUnlessThere(tx, order.id, paidAt);
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
  const row = await orderRowLocked(tx, order.id);
  if (!row?.paid || !row.state || row.state === "cancelled" || row.endedAt) return;
  const latest = await newestPeriodOfOrder(tx, row.id);
  // The same renewal reported again: its period is there already.
  if (latest && latest.startedAt >= period.start) return;
  if (!latest) {
    // An order written without its first period (by a data tool): the purchase is period 1.
    const paidAt = row.paymentTime ?? row.createdAt;
    await insertFirstPeriod(tx, row.id, paidAt);
  }
  await insertWaitingPeriod(tx, row.id, (latest?.number ?? 1) + 1, period.start);
  if (row.state === "complete") await openWaitingPeriod(tx, order);
}

/**
 * The order's work is complete: the oldest period paid for and not opened yet opens. The order is
 * "submitted" again for it, the history says so, and the brief is carried over unconfirmed. Answers
 * whether a period opened. Runs in the transaction that completed the order.
 */
export async function openWaitingPeriod(tx: Database, order: OrderOfEvent): Promise<boolean> {
  const waiting = await oldestWaitingPeriodOfOrder(tx, order.id);
  if (!waiting) return false;
  const brief = await briefAnswersOfOrder(tx, order.id);
  await openPeriodWithBrief(tx, order.id, waiting.number, brief?.answers ?? null);
  // The period's work is due its plan's turnaround after it opened (now(): the same moment).
  await setOrderDueFromNow(tx, order.id);
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

/** The order's open work period (the newest opened), or none for an order without periods. */
export async function currentPeriodRow(db: Database, orderId: string): Promise<PeriodRow | undefined> {
  return newestOpenedPeriodOfOrder(db, orderId);
}

/**
 * The customer confirmed the brief for the current period, as it is or with new answers: the
 * period keeps its copy and when it was confirmed. An order without a due date for this period
 * (the first: a renewal's period has one from when it opened) is due its plan's turnaround from now.
 */
export async function confirmPeriodBrief(tx: Database, orderId: string, answers: StoredBriefAnswer[]) {
  await setOrderDueFromNowUnlessSet(tx, orderId);
  const current = await currentPeriodRow(tx, orderId);
  if (!current) return;
  await confirmBriefOfPeriod(tx, orderId, current.number, answers);
}

/** What an order's periods are told from, besides its periods' rows. */
type PeriodsOrder = Pick<OrderRow, "id" | "paid" | "paymentTime" | "createdAt">;

const toPeriod = (row: { number: number; startedAt: Date }): OrderPeriod => ({
  number: row.number,
  startedAt: row.startedAt.toISOString(),
});

/**
 * A paid order written without periods (by a data tool) is in its first one, from its payment.
 */
const firstPeriodOf = (order: PeriodsOrder): OrderPeriod => ({
  number: 1,
  startedAt: (order.paymentTime ?? order.createdAt).toISOString(),
});

/** Each paid order's current work period (one query for all of them); null for unpaid ones. */
export async function currentPeriodsOf(
  db: Database,
  rows: PeriodsOrder[],
): Promise<Map<string, OrderPeriod | null>> {
  const paid = rows.filter((row) => row.paid);
  const found =
    paid.length === 0
      ? []
      : await newestOpenedPeriodsOfOrders(
          db,
          paid.map((row) => row.id),
        );
  const byOrder = new Map(found.map((row) => [row.orderId, row]));
  return new Map(rows.map((row) => [row.id, currentPeriodFrom(row, byOrder.get(row.id))]));
}

/**
 * A paid order's current work period from its newest opened one (`newest`, read beside it), or its
 * first period when it has none opened; null for an unpaid order.
 */
export function currentPeriodFrom(
  row: PeriodsOrder,
  newest: { number: number; startedAt: Date } | null | undefined,
): OrderPeriod | null {
  if (!row.paid) return null;
  return newest ? toPeriod(newest) : firstPeriodOf(row);
}

/** The order's opened work periods, oldest first. */
export async function periodsOfOrder(db: Database, order: OrderRow): Promise<OrderPeriod[]> {
  if (!order.paid) return [];
  const rows = await openedPeriodsOldestFirst(db, order.id);
  return rows.length > 0 ? rows.map(toPeriod) : [firstPeriodOf(order)];
}
