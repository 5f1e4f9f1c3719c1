import { z } from "zod";
import { Dollars, listSearch, rangeInOrder, rangeOutOfOrder } from "./common.js";
import { ReceiptKind } from "./mail.js";

export const PaymentProviderName = z.enum(["stripe", "test"]);
export type PaymentProviderName = z.infer<typeof PaymentProviderName>;

/** SPEC §7 POST /create-payment-intent. The amount comes from the order, never from this body. */
export const CreatePaymentIntentBody = z.object({
  orderId: z.string().max(200),
  currentPrice: z.union([z.number(), z.string()]).optional(),
});

export const PaymentIntent = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  provider: PaymentProviderName,
  /** Stripe's publishable key when the provider is Stripe. */
  publishableKey: z.string().nullable(),
  amount: Dollars,
  /** The order's currency, which the provider charges in. */
  currency: z.string(),
});
export type PaymentIntent = z.infer<typeof PaymentIntent>;

/**
 * SPEC §7 PATCH /order/{id}. The client reports the provider's payment id; the server asks the
 * provider whether it succeeded for this order and amount before anything is recorded.
 */
export const RecordPaymentBody = z.object({
  transactionId: z.string().min(1).max(200),
  paymentId: z.string().max(200).optional(),
  paymentTime: z.string().max(100).optional(),
  currentPrice: z.union([z.number(), z.string()]).optional(),
  name: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
});
export type RecordPaymentBody = z.infer<typeof RecordPaymentBody>;

export const RecordPaymentResponse = z.object({
  modifiedCount: z.number().int().nonnegative(),
  paid: z.boolean(),
  transactionId: z.string(),
});

/** SPEC §3 Payment record, with the plan it paid for. */
export const Payment = z
  .object({
    _id: z.string(),
    /** The paid order; null for an invoice's payment, which opens no order (docs/decisions/029). */
    orderId: z.string().nullable(),
    /** The paid order's number (see `formatOrderNumber`); null for an invoice's payment. */
    orderNumber: z.number().int().nullable(),
    /** The invoice it paid (all or part of), e.g. INV-2026-0001; null for an order's payment. */
    invoiceNumber: z.string().nullable().optional(),
    email: z.string(),
    transactionId: z.string(),
    paymentTime: z.string(),
    /** Negative for a refund (money the agency gave back of a payment). */
    currentPrice: z.number(),
    /** The currency of the amount: its order's (lower case ISO 4217). */
    currency: z.string(),
    service: z.string(),
    serviceDuration: z.string(),
    provider: PaymentProviderName,
    /** The subscription period it paid for; a renewal pays every period after the first. */
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    renewal: z.boolean(),
    /** The receipt issued for the payment (see GET /receipts/{id}); null for one recorded without. */
    receiptId: z.string().nullable(),
    /** That receipt's number and kind (a refund's is a credit note); null without one. */
    receiptNumber: z.string().nullable(),
    receiptKind: ReceiptKind.nullable(),
    /** A refund's reason, as the agency gave it; null for a payment (or a refund without one). */
    refundReason: z.string().nullable(),
  })
  .meta({ id: "Payment" });
export type Payment = z.infer<typeof Payment>;
export const PaymentList = z.array(Payment);

/** The offline test provider's card form (never stored; only the outcome is). */
export const TestCardPaymentBody = z.object({
  paymentIntentId: z.string().max(200),
  clientSecret: z.string().max(300),
  cardNumber: z.string().max(30),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
  billingName: z.string().max(200).optional(),
  billingEmail: z.string().max(320).optional(),
});
export type TestCardPaymentBody = z.infer<typeof TestCardPaymentBody>;

export const TestCardPaymentResult = z.object({
  status: z.literal("succeeded"),
  paymentIntentId: z.string(),
});

/** What an admin sees of one order's payment. */
export const AdminPaymentDetails = z.object({
  order: z.object({
    _id: z.string(),
    number: z.number().int(),
    name: z.string(),
    /** The customer's e-mail and phone: left out for a role that does not see customers. */
    email: z.string().optional(),
    service: z.string(),
    serviceDuration: z.string(),
    currentPrice: Dollars,
    /** The currency the order was priced in. */
    currency: z.string(),
    currentDate: z.string(),
    phone: z.string().optional(),
    paid: z.boolean(),
  }),
  payment: Payment.nullable(),
});
export type AdminPaymentDetails = z.infer<typeof AdminPaymentDetails>;

/**
 * Admin: every payment and refund as a CSV file, newest first; `from`/`to` keep those recorded on
 * these days (UTC, both included) and `q` those whose customer's e-mail starts with it.
 */
export const PaymentsExportQuery = z
  .object({ from: listSearch.from, to: listSearch.to, q: listSearch.q })
  .refine(rangeInOrder, rangeOutOfOrder);
export type PaymentsExportQuery = z.infer<typeof PaymentsExportQuery>;
