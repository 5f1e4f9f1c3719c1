import { type CancelOrderBody, cancellableStates, refundMessages, workflowMessages } from "@agency/contract";
import { findOrder, type OrderRow } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import type { BillingSync, PaymentProvider } from "../../payment-providers/provider.js";
import type { ReceiptSettings } from "../billing/index.js";
import { endSubscription, giveRefund, lockRefundable, stopSubscriptionAtProvider } from "../billing/index.js";
import { actorOf, moveOrder } from "./history.js";
import { type OrderRecord, orderRowLocked } from "./queries/orders.js";

export type CancelContext = {
  db: Database;
  provider: PaymentProvider;
  receipts: ReceiptSettings;
  /** Stripe Billing, to stop a subscription on Stripe's side too. */
  billing?: Pick<BillingSync, "cancelNow">;
  now: () => Date;
};

/** The order's row, locked for the rest of `tx`: its state and its money change one caller at a time. */
export async function lockOrder(tx: Database, id: string): Promise<OrderRecord> {
  const order = await orderRowLocked(tx, id);
  if (!order) throw notFound("The order");
  return order;
}

/**
 * Inside `tx`: the order's plan stops renewing (stopped at Stripe first when Stripe Billing runs
 * it) and, while its work can still be cancelled, the order moves to cancelled.
 */
export async function cancelLocked(
  tx: Database,
  ctx: CancelContext,
  caller: SessionUser,
  order: OrderRecord,
  note: string | undefined,
): Promise<boolean> {
  const running = await stopSubscriptionAtProvider(tx, ctx.billing, order.id);
  if (running) await endSubscription(tx, running, ctx.now());
  if (!order.state || !cancellableStates.includes(order.state)) return false;
  await moveOrder(tx, {
    orderId: order.id,
    from: order.state,
    to: "cancelled",
    actor: actorOf(caller, "admin"),
    note,
  });
  return true;
}

/**
 * Admin: cancels an order before it is complete. With `refund`, what is left of the latest
 * payment goes back through the provider, written as a negative payment with its own credit note,
 * in the transaction that cancels the order and ends a subscription still running. The order's
 * row and the payment's stay locked throughout, so nothing is cancelled or refunded twice.
 */
export async function cancelOrder(
  ctx: CancelContext,
  caller: SessionUser,
  id: string,
  body: CancelOrderBody,
): Promise<OrderRow> {
  const { db } = ctx;
  const row = await findOrder(db, id, caller);
  if (!row.state) throw new AppError("conflict", workflowMessages.notPaid);
  if (!cancellableStates.includes(row.state)) throw new AppError("conflict", workflowMessages.notCancellable);

  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, row.id);
    if (!order.state || !cancellableStates.includes(order.state)) {
      throw new AppError("conflict", workflowMessages.notCancellable);
    }
    const due = body.refund ? await lockRefundable(tx, order.id) : null;
    if (body.refund && (!due || due.leftCents <= 0)) {
      throw new AppError("conflict", workflowMessages.notRefundable);
    }
    await cancelLocked(tx, ctx, caller, order, body.note);
    // The provider's refund comes last: anything refused before it leaves the money where it is.
    if (due) {
      await giveRefund(tx, ctx, caller, order, due, {
        cents: due.leftCents,
        reason: body.note || refundMessages.cancelled,
      });
    }
  });
  return findOrder(db, row.id);
}
