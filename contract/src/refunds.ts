import { z } from "zod";
import { Dollars } from "./common.js";

/** A refund's reason is one short note, shown to the customer with the refund. */
export const REFUND_REASON_MAX_LENGTH = 500;

/** What the server answers when a refund is refused, and the refund form's own checks. */
export const refundMessages = {
  paymentNotFound: "The payment was not found.",
  nothingLeft: "Nothing is left to refund of this payment.",
  /** `left` is written as the shop writes money ("$12.50"). */
  moreThanLeft: (left: string) => `At most ${left} is left to refund of this payment.`,
  otherProvider: "This payment was taken by another payment provider, so it cannot be refunded here.",
  /** The reason written for the refund that goes with a cancellation when the admin gave no note. */
  cancelled: "The order was cancelled.",
  amountRequired: "is required",
  amountNumber: "must be a number",
  amountPositive: "must be more than 0",
  amountCents: "must be an amount in dollars with at most two decimals",
  reasonRequired: "is required",
  reasonTooLong: `must be at most ${REFUND_REASON_MAX_LENGTH} characters`,
} as const;

/**
 * One payment of an order and what is left of it to refund (its amount less its refunds so far).
 * The newest first.
 */
export const OrderPayment = z
  .object({
    _id: z.string(),
    paidAt: z.string(),
    amount: Dollars,
    refunded: Dollars,
    /** What a refund may still give back. */
    refundable: Dollars,
    /** The subscription period it paid for; a renewal pays every period after the first. */
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    /** The receipt issued for it (GET /receipts/{id}). */
    receiptId: z.string().nullable(),
  })
  .meta({ id: "OrderPayment" });
export type OrderPayment = z.infer<typeof OrderPayment>;

/**
 * Admin (permission orders.refund): give back part or all of what is left of one of the order's
 * payments, with the reason shown to the customer. Each refund is its own negative payment with its
 * own credit note. A refund of all that is left of the order's latest payment also ends its plan
 * and cancels the order (as "Cancel order" with a refund does) when the work can still be
 * cancelled; any other refund leaves the work as it is.
 */
export const RefundOrderBody = z.object({
  /** Checked by the server: an id of no payment of this order is a 404. */
  paymentId: z.string().max(200),
  amount: z
    .number({
      error: (issue) =>
        issue.input === undefined ? refundMessages.amountRequired : refundMessages.amountNumber,
    })
    .positive(refundMessages.amountPositive)
    .max(1_000_000)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, refundMessages.amountCents),
  reason: z
    .string({ error: refundMessages.reasonRequired })
    .trim()
    .min(1, refundMessages.reasonRequired)
    .max(REFUND_REASON_MAX_LENGTH, refundMessages.reasonTooLong),
});
export type RefundOrderBody = z.infer<typeof RefundOrderBody>;
