import { z } from "zod";
import { DocumentBuyer } from "./companies.js";

/**
 * The mails a team member may turn off (while optional mail is on): customers' new messages on the
 * orders they work on (the unassigned ones for the owner and admins), and orders assigned to them.
 */
export const TeamMailPreferences = z
  .object({ orderMessages: z.boolean(), orderAssigned: z.boolean() })
  .meta({ id: "TeamMailPreferences" });
export type TeamMailPreferences = z.infer<typeof TeamMailPreferences>;

/** A customer's e-mail settings. Order confirmations, receipts and account mail always go. */
export const MailPreferences = z
  .object({
    email: z.string(),
    /** Optional mail: notifications about activity, reminders. */
    optionalMail: z.boolean(),
    /** none, pending (the confirmation link was mailed), or subscribed. */
    newsletter: z.enum(["none", "pending", "subscribed"]),
    /** A team member's work mails (absent for a customer). */
    team: TeamMailPreferences.optional(),
  })
  .meta({ id: "MailPreferences" });
export type MailPreferences = z.infer<typeof MailPreferences>;

export const UpdateMailPreferences = z
  .object({
    optionalMail: z.boolean(),
    /** false ends the subscription; true starts one (confirmed by a mailed link). */
    newsletter: z.boolean().optional(),
    /** A team member's work mails; each one left out stays as it is. */
    team: TeamMailPreferences.partial().optional(),
  })
  .meta({ id: "UpdateMailPreferences" });
export type UpdateMailPreferences = z.infer<typeof UpdateMailPreferences>;

/** The signed address from an unsubscribe link. */
export const UnsubscribeQuery = z.object({ email: z.string().max(320), token: z.string().max(100) });
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;
export const UnsubscribeResult = z.object({ unsubscribed: z.literal(true), email: z.string() });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;

export const NewsletterConfirmBody = z.object({ token: z.string().max(200) });
export type NewsletterConfirmBody = z.infer<typeof NewsletterConfirmBody>;
export const NewsletterConfirmResult = z.object({ confirmed: z.literal(true), email: z.string() });
export type NewsletterConfirmResult = z.infer<typeof NewsletterConfirmResult>;

// ─── Receipts ───────────────────────────────────────────────────────────────────────────────────

/** A payment's document is a receipt; a refund's is a credit note, numbered in its own series. */
export const ReceiptKind = z.enum(["receipt", "credit_note"]);
export type ReceiptKind = z.infer<typeof ReceiptKind>;

/** What receipts and credit notes are called wherever they show: page, PDF, mail, lists, exports. */
export { receiptMessages } from "./receipt-labels.js";

export const ReceiptSummary = z
  .object({
    _id: z.string(),
    /** R-2026-00042; a credit note CN-2026-0001 (one issued before they had their own series: R-…). */
    number: z.string(),
    kind: ReceiptKind,
    paymentId: z.string(),
    /** Null on an invoice's receipt: an invoice's payment opens no order (docs/decisions/029). */
    orderId: z.string().nullable(),
    orderNumber: z.number().int().nullable(),
    /** The invoice it paid, when it paid one (INV-2026-0001). */
    invoiceNumber: z.string().nullable().optional(),
    /** Negative on a credit note (the receipt of a refund). */
    amount: z.number(),
    /** The currency of every amount on it: its order's (lower case ISO 4217). */
    currency: z.string(),
    issuedAt: z.string(),
  })
  .meta({ id: "ReceiptSummary" });
export type ReceiptSummary = z.infer<typeof ReceiptSummary>;
export const ReceiptList = z.array(ReceiptSummary);

/** One line of what a payment paid for (the plan, an add-on), before any discount. */
export const ReceiptLineItem = z
  .object({
    description: z.string(),
    quantity: z.number().int(),
    unitPrice: z.number(),
    amount: z.number(),
  })
  .meta({ id: "ReceiptLineItem" });
export type ReceiptLineItem = z.infer<typeof ReceiptLineItem>;

export const Receipt = ReceiptSummary.extend({
  seller: z.object({
    name: z.string(),
    address: z.array(z.string()),
    email: z.string(),
    phone: z.string().nullable(),
    logo: z.string(),
    taxId: z.string().nullable(),
  }),
  customer: z.object({ name: z.string(), email: z.string() }),
  /** The client company as it printed when issued (null: the person only). */
  buyer: DocumentBuyer.nullable(),
  service: z.string(),
  serviceDuration: z.string(),
  /** The time paid for (a plan's period); null for a one-off service and on a credit note. */
  period: z.object({ start: z.string(), end: z.string() }).nullable(),
  /**
   * What the payment paid for, line by line: the plan and its add-ons (a renewal: those charged
   * every period). Their sum is the list price. A credit note has one line, the amount given back.
   */
  lines: z.array(ReceiptLineItem),
  /** The lines' sum for this payment, before any discount (negative on a credit note). */
  listPrice: z.number(),
  /** Taken off the list price by a promo code (0 without one). */
  discount: z.number().nonnegative(),
  promoCode: z.string().nullable(),
  /** Why the money was given back: a credit note's reason (null on a receipt). */
  refundReason: z.string().nullable(),
  /** The receipt a credit note gives money back of (null on a receipt). */
  credits: z.object({ _id: z.string(), number: z.string() }).nullable(),
  /** The part of the amount that is tax (negative on a credit note). */
  tax: z.number(),
  taxRatePercent: z.number().nonnegative(),
  provider: z.string(),
  transactionId: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  paidAt: z.string(),
}).meta({ id: "Receipt" });
export type Receipt = z.infer<typeof Receipt>;

// ─── Background jobs (admin) ────────────────────────────────────────────────────────────────────

export const JobStatus = z.enum(["queued", "running", "done", "dead"]);
export type JobStatus = z.infer<typeof JobStatus>;

export const JobEntry = z
  .object({
    _id: z.string(),
    kind: z.string(),
    /** What the job does, in words a person reads ("Order update mail for order #1001"). */
    label: z.string(),
    status: JobStatus,
    /** A waiting job that failed before is being retried. */
    retrying: z.boolean(),
    /** For mail to a customer: the recipient; for a single mail: its subject. */
    to: z.string().nullable(),
    subject: z.string().nullable(),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    lastError: z.string().nullable(),
    runAt: z.string(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "JobEntry" });
export type JobEntry = z.infer<typeof JobEntry>;

export const JobsQuery = z.object({
  status: z.enum(["queued", "running", "done", "dead", "retrying"]).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type JobsQuery = z.infer<typeof JobsQuery>;

export const JobList = z
  .object({
    jobs: z.array(JobEntry),
    total: z.number().int(),
    counts: z.object({
      queued: z.number().int(),
      running: z.number().int(),
      done: z.number().int(),
      dead: z.number().int(),
      retrying: z.number().int(),
    }),
  })
  .meta({ id: "JobList" });
export type JobList = z.infer<typeof JobList>;
