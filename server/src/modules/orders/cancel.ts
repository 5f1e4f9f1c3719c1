import { type CancelOrderBody, cancellableStates, centsToDollars, workflowMessages } from "@agency/contract";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { findOrder, type OrderRow } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { orders, payments, subscriptions } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import type { BillingSync, PaymentProvider, ProviderRefund } from "../../payment-providers/provider.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import type { ReceiptSettings } from "../billing/index.js";
import { addRefund, endSubscription } from "../billing/index.js";
import { actorOf, moveOrder } from "./history.js";

export type CancelContext = {
  db: Database;
  provider: PaymentProvider;
  receipts: ReceiptSettings;
  /** Stripe Billing, to stop a subscription on Stripe's side too. */
  billing?: Pick<BillingSync, "cancelNow">;
  now: () => Date;
};

type PaymentRow = typeof payments.$inferSelect;

/** The payment a refund gives back (the latest one) and how much of it is left to refund. */
async function refundable(
  db: Database,
  orderId: string,
): Promise<{ payment: PaymentRow; cents: number } | null> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isNull(payments.refundOf)))
    .orderBy(desc(payments.paymentTime), desc(payments.createdAt))
    .limit(1);
  if (!payment) return null;
  const [refunded] = await db
    .select({ cents: sql<number>`coalesce(-sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(eq(payments.refundOf, payment.id));
  const cents = payment.amountCents - (refunded?.cents ?? 0);
  return cents > 0 ? { payment, cents } : null;
}

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
  const row = await findOrder(db, id);
  if (!row.state) throw new AppError("conflict", workflowMessages.notPaid);
  if (!cancellableStates.includes(row.state)) throw new AppError("conflict", workflowMessages.notCancellable);

  let refund: { of: PaymentRow; done: ProviderRefund } | null = null;
  if (body.refund) {
    const due = await refundable(db, row.id);
    if (!due || due.payment.provider !== ctx.provider.name) {
      throw new AppError("conflict", workflowMessages.notRefundable);
    }
    const done = await ctx.provider.refund({
      paymentIntentId: due.payment.transactionId,
      amountCents: due.cents,
      key: `${due.payment.id}-${due.cents}`,
    });
    refund = { of: due.payment, done };
  }

  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, row.id));
  const running = subscription && subscription.status !== "ended" ? subscription : null;
  if (running?.providerSubscriptionId && ctx.billing)
    await ctx.billing.cancelNow(running.providerSubscriptionId);

  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.id)).for("update");
    if (!order) throw new AppError("not_found", "The order was not found.");
    const refunded =
      refund && (await addRefund(tx, ctx.receipts, { order, of: refund.of, refund: refund.done }));
    // A refund the provider made stays recorded even if another admin moved the order meanwhile.
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
    if (refund && refunded) {
      await recordAudit(tx, {
        actor: auditActorOf(caller),
        action: "payment.refunded",
        subject: { type: "payment", id: refunded.id, label: `#${order.number}` },
        before: { payment: refund.of.id, amount: centsToDollars(refund.of.amountCents) },
        after: {
          refund: centsToDollars(-refunded.amountCents),
          provider: refunded.provider,
          transactionId: refunded.transactionId,
        },
      });
    }
  });
  return findOrder(db, row.id);
}
