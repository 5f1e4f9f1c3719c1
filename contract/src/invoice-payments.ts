// Money received for an invoice outside the card: recorded by the agency (bank transfer, cash,
// other), with its refunds; and what an invoice prints for a transfer (docs/decisions/029).

import { z } from "zod";
import { Dollars } from "./common.js";

export const recordedPaymentMethods = ["bank_transfer", "cash", "other"] as const;
export const RecordedPaymentMethod = z.enum(recordedPaymentMethods);
export type RecordedPaymentMethod = z.infer<typeof RecordedPaymentMethod>;

export const recordedPaymentMethodLabels: Record<RecordedPaymentMethod, string> = {
  bank_transfer: "Bank transfer",
  cash: "Cash",
  other: "Other",
};

/** The agency's bank account, set in Site content: IBAN and BIC, or an account number and sort code. */
export const BankDetails = z.object({
  accountName: z.string().trim().max(200).default(""),
  bankName: z.string().trim().max(200).default(""),
  iban: z.string().trim().max(50).default(""),
  bic: z.string().trim().max(20).default(""),
  accountNumber: z.string().trim().max(30).default(""),
  sortCode: z.string().trim().max(20).default(""),
});
export type BankDetails = z.output<typeof BankDetails>;

/** True when there is something to pay into. */
export const hasBankAccount = (bank: BankDetails | null | undefined): bank is BankDetails =>
  Boolean(bank && (bank.iban || bank.accountNumber));

export const defaultPaymentTermsDays = 14;
export const PaymentTermsDays = z
  .number({ error: (issue) => (issue.input === undefined ? "is required" : "must be a number") })
  .int("must be a whole number")
  .min(0, "must not be negative")
  .max(365, "must be at most 365");

export const invoicePaymentMessages = {
  notOpen: "Payments are recorded against a sent invoice that is not paid or void.",
  notAccepted: "A quote takes payment once the client has accepted it.",
  inFull: (due: string) => `Money that opens the work is recorded in full: ${due}.`,
  recurringByCard: "Work with recurring lines is paid by card, which its renewals charge.",
  moreThanDue: (due: string) => `The amount is more than is due (${due}).`,
  noAccount: "The invoice's addressee has no account yet: send them the invoice's link first.",
  notRecorded: "Only a recorded payment is refunded here; refund a card payment from its order.",
  moreThanPaid: (left: string) => `The amount is more than is left to refund (${left}).`,
  futureDay: "must not be in the future",
  positive: "must be more than 0",
} as const;

const day = z.iso.date({ message: "must be a day written YYYY-MM-DD" });
const amount = z
  .number({ error: (issue) => (issue.input === undefined ? "is required" : "must be a number") })
  .positive(invoicePaymentMessages.positive)
  .max(10_000_000);

/** POST /admin/sales/{id}/payments: money received for the invoice. */
export const RecordInvoicePaymentBody = z.object({
  date: day,
  amount,
  method: RecordedPaymentMethod,
  reference: z.string().trim().max(200).default(""),
});
export type RecordInvoicePaymentBody = z.input<typeof RecordInvoicePaymentBody>;

/** POST /admin/sales/{id}/payments/{paymentId}/refund: money given back of a recorded payment. */
export const RefundRecordedPaymentBody = z.object({
  date: day,
  amount,
  reason: z.string().trim().min(1, "is required").max(500),
});
export type RefundRecordedPaymentBody = z.input<typeof RefundRecordedPaymentBody>;

/** POST /sales/{token}/card/confirm: the provider's payment the reader's card made for the invoice. */
export const InvoiceCardConfirmBody = z.object({ transactionId: z.string().min(1).max(200) });

export const InvoicePaymentParams = z.object({ id: z.string().max(200), paymentId: z.string().max(200) });

/** One payment of an invoice (card or recorded) or a refund of one (negative), oldest first. */
export const InvoicePayment = z
  .object({
    _id: z.string(),
    date: z.string(),
    /** Negative for a refund. */
    amount: z.number(),
    currency: z.string(),
    /** "card" for the card form; a recorded method otherwise. */
    method: z.union([RecordedPaymentMethod, z.literal("card")]),
    reference: z.string().nullable(),
    refundOf: z.string().nullable(),
    refundReason: z.string().nullable(),
    /** Left to refund of a recorded payment (null for a card payment or a refund). */
    refundable: Dollars.nullable(),
    receiptId: z.string().nullable(),
    receiptNumber: z.string().nullable(),
    recordedBy: z.string().nullable(),
  })
  .meta({ id: "InvoicePayment" });
export type InvoicePayment = z.infer<typeof InvoicePayment>;

export const InvoicePayments = z.object({
  payments: z.array(InvoicePayment),
  amountPaid: Dollars,
  amountDue: Dollars,
  currency: z.string(),
});
export type InvoicePayments = z.infer<typeof InvoicePayments>;

/** GET/PUT /admin/site/invoicing: the payment terms an invoice starts with and the bank account. */
export const InvoicingSettings = z.object({
  paymentTermsDays: PaymentTermsDays,
  bank: BankDetails,
});
export type InvoicingSettings = z.output<typeof InvoicingSettings>;
export type InvoicingSettingsBody = z.input<typeof InvoicingSettings>;

export const defaultInvoicingSettings: InvoicingSettings = {
  paymentTermsDays: defaultPaymentTermsDays,
  bank: { accountName: "", bankName: "", iban: "", bic: "", accountNumber: "", sortCode: "" },
};
