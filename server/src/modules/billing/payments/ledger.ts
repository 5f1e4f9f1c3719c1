import type { Database } from "../../../db/client.js";
import { linesOfOrder, type OrderLineRow } from "../../../db/order-lines.js";
import type { orders, ReceiptLineItem } from "../../../db/schema.js";
import { emitDomainEvent } from "../../../events.js";
import { enqueue } from "../../../jobs/queue.js";
import type { ProviderIntent, ProviderRefund } from "../../../payment-providers/provider.js";
import { issueReceipt, type ReceiptInput, type ReceiptSettings } from "../receipts/issue.js";
import { renewalPriceOfSubscription } from "../subscriptions/queries/subscriptions.js";
import { insertPaymentUnlessRecorded, type PaymentRow } from "./queries.js";

type LedgerEntry = {
  order: typeof orders.$inferSelect;
  provider: string;
  transactionId: string;
  /** Negative for money given back. */
  amountCents: number;
  time: Date;
  currency: string;
  card: { brand: string; last4: string } | null;
  period?: { subscriptionId: string; start: Date; end: Date } | null;
  refundOf?: string;
  refundReason?: string;
  /** Money the agency recorded by hand (no provider): how, with what reference, by whom, for which document. */
  recorded?: RecordedBy;
};

type RecordedBy = {
  method: string;
  reference: string | null;
  recordedBy: string | null;
  salesDocumentId: string;
};

/** An order's line as its receipts copy it. */
const receiptLine = (line: OrderLineRow): ReceiptLineItem => ({
  description: line.description,
  quantity: line.quantity,
  unitCents: line.unitCents,
  amountCents: line.amountCents,
});

/**
 * What the payment paid for, line by line, and what a promo code took off their sum. The order's
 * first payment pays every line of it; a renewal its recurring lines, the plan's at the price the
 * subscription renews at (a price change the owner applied to renewals moves it). A credit note
 * gives back money, with no lines or code of its own; so does a payment whose amount the lines
 * and code cannot explain (it is shown as one line of that amount).
 */
async function pricingOf(tx: Database, entry: LedgerEntry): Promise<ReceiptInput["pricing"]> {
  const { order, period, amountCents } = entry;
  const full = { lines: null, listPriceCents: amountCents, discountCents: 0, promoCode: null };
  if (entry.refundOf) return full;
  const orderLines = await linesOfOrder(tx, order);
  let lines = orderLines.map(receiptLine);
  // The order's first payment is being recorded while the order is still unpaid.
  if (order.paid && period) {
    const subscription = await renewalPriceOfSubscription(tx, period.subscriptionId);
    lines = orderLines
      .filter((line) => line.recurring)
      .map((line) =>
        line.kind === "plan" && subscription
          ? { ...receiptLine(line), unitCents: subscription.priceCents, amountCents: subscription.priceCents }
          : receiptLine(line),
      );
  }
  const listPriceCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const discountCents = listPriceCents - amountCents;
  if (discountCents === 0) return { lines, listPriceCents, discountCents: 0, promoCode: null };
  if (discountCents < 0 || !order.promoCode) return full;
  return { lines, listPriceCents, discountCents, promoCode: order.promoCode };
}

/** One payment (or refund) and its numbered receipt (or credit note); null when written before. */
async function writeEntry(
  tx: Database,
  receipts: ReceiptSettings,
  entry: LedgerEntry,
): Promise<PaymentRow | null> {
  const { order, period } = entry;
  const payment = await insertPaymentUnlessRecorded(tx, {
    orderId: order.id,
    userId: order.userId,
    email: order.email,
    provider: entry.provider,
    transactionId: entry.transactionId,
    amountCents: entry.amountCents,
    paymentTime: entry.time,
    subscriptionId: period?.subscriptionId,
    periodStart: period?.start,
    periodEnd: period?.end,
    refundOf: entry.refundOf,
    refundReason: entry.refundReason,
    ...entry.recorded,
  });
  if (!payment) return null;
  await issueReceipt(tx, receipts, {
    payment,
    order,
    currency: entry.currency,
    card: entry.card,
    pricing: await pricingOf(tx, entry),
    period: period && !entry.refundOf ? { start: period.start, end: period.end } : null,
    refundReason: entry.refundReason ?? null,
    refundOf: entry.refundOf ?? null,
  });
  if (entry.refundOf) await emitDomainEvent(tx, "refund.issued", { payment });
  return payment;
}

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
    recorded?: RecordedBy;
  },
): Promise<PaymentRow | null> {
  const { order, intent, period } = input;
  const payment = await writeEntry(tx, receipts, {
    order,
    provider: input.provider,
    transactionId: intent.id,
    amountCents: intent.amountCents,
    time: intent.time,
    currency: intent.currency,
    card: intent.card ?? null,
    period,
    recorded: input.recorded,
  });
  if (payment) await enqueue(tx, "mail.payment-received", { paymentId: payment.id });
  return payment;
}

/**
 * Writes down money given back through the provider, inside the caller's transaction: a negative
 * payment of the refunded one's order, with its reason and its own credit note. Null when this
 * refund was recorded before.
 */
export function addRefund(
  tx: Database,
  receipts: ReceiptSettings,
  input: { order: typeof orders.$inferSelect; of: PaymentRow; refund: ProviderRefund; reason: string },
): Promise<PaymentRow | null> {
  const { order, of, refund } = input;
  return writeEntry(tx, receipts, {
    order,
    provider: of.provider,
    transactionId: refund.id,
    amountCents: -refund.amountCents,
    time: refund.time,
    currency: refund.currency,
    card: null,
    refundOf: of.id,
    refundReason: input.reason,
  });
}
