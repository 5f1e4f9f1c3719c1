import type { Database } from "../../db/client.js";
import { type orders, payments } from "../../db/schema.js";
import { enqueue } from "../../jobs/queue.js";
import type { ProviderIntent } from "../../payments/provider.js";
import { issueReceipt, type ReceiptSettings } from "../receipts/issue.js";

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Writes down money taken for an order, inside the caller's transaction: the payment for one
 * subscription period, its numbered receipt and the mail job. Answers null when this provider
 * transaction, or a payment for this period, was recorded before (nothing is written then).
 */
export async function addPayment(
  tx: Database,
  receipts: ReceiptSettings,
  input: {
    order: typeof orders.$inferSelect;
    provider: string;
    intent: ProviderIntent;
    period: { subscriptionId: string; start: Date; end: Date } | null;
  },
): Promise<PaymentRow | null> {
  const { order, intent, period } = input;
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      userId: order.userId,
      email: order.email,
      provider: input.provider,
      transactionId: intent.id,
      amountCents: intent.amountCents,
      paymentTime: intent.time,
      subscriptionId: period?.subscriptionId,
      periodStart: period?.start,
      periodEnd: period?.end,
    })
    .onConflictDoNothing()
    .returning();
  if (!payment) return null;
  await issueReceipt(tx, receipts, { payment, order, currency: intent.currency, card: intent.card ?? null });
  await enqueue(tx, "mail.payment-received", { paymentId: payment.id });
  return payment;
}
