import { type CancelOrderBody, cancellableStates, workflowMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { findOrder, type OrderRow } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import type { BillingSync, PaymentProvider } from "../../payment-providers/provider.js";
import type { ReceiptSettings } from "../billing/index.js";
import {
  endSubscription,
  recordRefund,
  refundLatestPayment,
  stopSubscriptionAtProvider,
} from "../billing/index.js";
import { actorOf, moveOrder } from "./history.js";

export type CancelContext = {
  db: Database;
  provider: PaymentProvider;
  receipts: ReceiptSettings;
  /** Stripe Billing, to stop a subscription on Stripe's side too. */
  billing?: Pick<BillingSync, "cancelNow">;
  now: () => Date;
};

/**
 * Admin: cancels an order before it is complete. With `refund`, the latest payment (less what was
 * refunded of it before) goes back through the provider first; the refund is then written as a
 * negative payment with its own credit note, in the transaction that cancels the order and ends
 * a subscription still running.
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

  // The provider gives the money back first; the refund is written with the cancellation.
  const refund = body.refund ? await refundLatestPayment(db, ctx.provider, row.id) : null;
  const running = await stopSubscriptionAtProvider(db, ctx.billing, row.id);

  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.id)).for("update");
    if (!order) throw new AppError("not_found", "The order was not found.");
    if (order.state && cancellableStates.includes(order.state)) {
      if (running) await endSubscription(tx, running, ctx.now());
      await moveOrder(tx, {
        orderId: order.id,
        from: order.state,
        to: "cancelled",
        actor: actorOf(caller, "admin"),
        note: body.note,
      });
    }
    // A refund the provider made stays recorded even if another admin moved the order meanwhile.
    if (refund) await recordRefund(tx, ctx.receipts, caller, order, refund);
  });
  return findOrder(db, row.id);
}
