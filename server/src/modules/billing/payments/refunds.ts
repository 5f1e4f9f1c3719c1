import { toMajor, workflowMessages } from "@agency/contract";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "../../../auth/session.js";
import type { Database } from "../../../db/client.js";
import { type orders, payments, subscriptions } from "../../../db/schema.js";
import { AppError } from "../../../errors.js";
import type { BillingSync, PaymentProvider, ProviderRefund } from "../../../payment-providers/provider.js";
import { auditActorOf, recordAudit } from "../../audit/index.js";
import type { ReceiptSettings } from "../receipts/issue.js";
import { addRefund } from "./ledger.js";

type PaymentRow = typeof payments.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A refund the provider has made, to be written in the transaction that records its cause. */
export type ProviderRefunded = { of: PaymentRow; done: ProviderRefund };

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
 * Gives back the order's latest payment (less what was refunded of it before) through the
 * provider that took it; a conflict when nothing is left to refund or another provider took it.
 */
export async function refundLatestPayment(
  db: Database,
  provider: PaymentProvider,
  orderId: string,
): Promise<ProviderRefunded> {
  const due = await refundable(db, orderId);
  if (!due || due.payment.provider !== provider.name) {
    throw new AppError("conflict", workflowMessages.notRefundable);
  }
  const done = await provider.refund({
    paymentIntentId: due.payment.transactionId,
    amountCents: due.cents,
    key: `${due.payment.id}-${due.cents}`,
  });
  return { of: due.payment, done };
}

/**
 * Writes a refund the provider made as a negative payment with its own credit note, and records
 * who gave it, inside `tx`. Nothing is written twice for the same provider refund.
 */
export async function recordRefund(
  tx: Database,
  receipts: ReceiptSettings,
  caller: SessionUser,
  order: typeof orders.$inferSelect,
  refund: ProviderRefunded,
): Promise<void> {
  const refunded = await addRefund(tx, receipts, { order, of: refund.of, refund: refund.done });
  if (!refunded) return;
  await recordAudit(tx, {
    actor: auditActorOf(caller),
    action: "payment.refunded",
    subject: { type: "payment", id: refunded.id, label: `#${order.number}` },
    before: {
      payment: refund.of.id,
      amount: toMajor(refund.of.amountCents, order.currency),
      currency: order.currency,
    },
    after: {
      refund: toMajor(-refunded.amountCents, order.currency),
      provider: refunded.provider,
      transactionId: refunded.transactionId,
    },
  });
}

/**
 * The order's subscription if it still runs, stopped at the provider's side first (Stripe
 * Billing); end it with `endSubscription` in the transaction that cancels the order.
 */
export async function stopSubscriptionAtProvider(
  db: Database,
  billing: Pick<BillingSync, "cancelNow"> | undefined,
  orderId: string,
): Promise<SubscriptionRow | null> {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  const running = subscription && subscription.status !== "ended" ? subscription : null;
  if (running?.providerSubscriptionId && billing) await billing.cancelNow(running.providerSubscriptionId);
  return running;
}
