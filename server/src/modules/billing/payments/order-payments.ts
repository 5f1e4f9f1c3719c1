import { type OrderPayment, type Refund, toMajor } from "@agency/contract";
import type { Database } from "../../../db/client.js";
import { paymentsOfOrderWithReceipts } from "./queries.js";

/**
 * An order's payments, newest first, each with what its refunds gave back and what is left of it,
 * and its refunds, oldest first, with their reasons and credit notes: one read of the order's rows.
 */
export async function paymentsOfOrder(
  db: Database,
  orderId: string,
  /** The order's currency, which its payments are in. */
  currency: string,
): Promise<{ payments: OrderPayment[]; refunds: Refund[] }> {
  const rows = await paymentsOfOrderWithReceipts(db, orderId);
  const refundedCents = new Map<string, number>();
  const refunds: Refund[] = [];
  for (const { payment, receiptId } of rows) {
    if (!payment.refundOf) continue;
    refundedCents.set(payment.refundOf, (refundedCents.get(payment.refundOf) ?? 0) - payment.amountCents);
    refunds.push({
      paymentId: payment.id,
      refundOf: payment.refundOf,
      amount: toMajor(-payment.amountCents, currency),
      refundedAt: payment.paymentTime.toISOString(),
      reason: payment.refundReason,
      receiptId,
    });
  }
  const paid = rows
    .filter(({ payment }) => !payment.refundOf)
    .reverse()
    .map(({ payment, receiptId }): OrderPayment => {
      const refunded = refundedCents.get(payment.id) ?? 0;
      return {
        _id: payment.id,
        paidAt: payment.paymentTime.toISOString(),
        amount: toMajor(payment.amountCents, currency),
        refunded: toMajor(refunded, currency),
        refundable: toMajor(Math.max(0, payment.amountCents - refunded), currency),
        periodStart: payment.periodStart?.toISOString() ?? null,
        periodEnd: payment.periodEnd?.toISOString() ?? null,
        receiptId,
      };
    });
  return { payments: paid, refunds };
}
