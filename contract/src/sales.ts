import { z } from "zod";
import { PriceDollars } from "./catalog-admin.js";
import { Dollars, numberedPageQuery } from "./common.js";
import { DocumentBuyer } from "./companies.js";
import { BankDetails } from "./invoice-payments.js";
import { defaultCurrency, toMinor } from "./money.js";
import { SalesSignature } from "./sales-acceptance.js";

/**
 * Custom work sold outside the catalog: a quote the customer accepts and then pays, or an invoice
 * they pay by its due date. Both are written in the dashboard, sent by mail as a link, and become
 * an order once paid (DESIGN "Beyond the spec" 17).
 */
export const SalesKind = z.enum(["quote", "invoice"]);
export type SalesKind = z.infer<typeof SalesKind>;

/**
 * Where a quote or invoice stands. `expired` (a quote past its valid-until day) and `overdue` (an
 * invoice past its due day) follow from the date; `superseded` is a revision a newer one replaced.
 */
export const salesStates = [
  "draft",
  "sent",
  "viewed",
  "accepted",
  "declined",
  "paid",
  "overdue",
  "expired",
  "void",
  "superseded",
] as const;
export const SalesState = z.enum(salesStates);
export type SalesState = z.infer<typeof SalesState>;

/** A line that comes back every month or year (a retainer, hosting); null: paid once. */
export const RecurringInterval = z.enum(["monthly", "yearly"]);
export type RecurringInterval = z.infer<typeof RecurringInterval>;

export const salesMessages = {
  linesRequired: "Add at least one line.",
  validUntilRequired: "A quote needs a valid-until date.",
  dueDateRequired: "An invoice needs a due date.",
  oneInterval: "Recurring lines of one quote or invoice must all renew monthly or all yearly.",
  minimumTotal: (amount: string) => `The total must be at least ${amount}, the smallest card payment.`,
  notDraft: "Only a draft can be edited; revise the sent one instead.",
  notSendable: "This can no longer be sent.",
  notRevisable: "Only a sent, viewed, declined or expired one can be revised.",
  notVoidable: "Only a sent one that is not paid can be voided.",
  notDeletable: "Only a draft can be deleted.",
  pastDay: "must not be in the past",
  notAcceptable: "This quote can no longer be accepted.",
  notDeclinable: "This quote can no longer be declined.",
  notPayable: "This can no longer be paid.",
  acceptFirst: "Accept the quote before paying it.",
  paidOnItsPage: "This invoice opens no order: pay it by card or transfer on its page.",
  paidThroughOrder: "This invoice opens its work when paid: pay it with the Pay button.",
  noSuchCardPayment: "The payment provider has no such payment for this invoice.",
  teamAddress: "Quotes and invoices are for customers; this address belongs to a member of the team.",
  noSuchCompany: "This company does not exist.",
  otherCompany: "This address belongs to a person of another company.",
  draftExists: "A revision of this one is already being written.",
  forOrderOnInvoices: "Only an invoice is for an existing order.",
  forOrderOfCompany: "The order must be one of the company the invoice is addressed to.",
  optionalOnQuotes: "Only a quote has optional lines: the client ticks them when accepting.",
  notOptional: "Only an optional line of the quote can be chosen.",
  paymentUnderway:
    "The customer's payment of this one is being processed: wait for it, then refund it if it should not stand.",
} as const;

const day = z.iso.date({ message: "must be a day written YYYY-MM-DD" });

export const SalesLineBody = z.object({
  description: z.string().trim().min(1, "is required").max(300),
  quantity: z
    .number({ error: (issue) => (issue.input === undefined ? "is required" : "must be a number") })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(10_000),
  /** In the shop's currency (major units); the server checks its own decimals. */
  unitPrice: PriceDollars,
  recurring: RecurringInterval.nullable().default(null),
  /** A quote's line the client may tick when accepting; it counts only once chosen. */
  optional: z.boolean().default(false),
});
export type SalesLineBody = z.input<typeof SalesLineBody>;

/** Whether a line counts in the total: every line but an optional one the client has not chosen. */
export const lineCounts = (line: { optional?: boolean; chosen?: boolean }) =>
  !line.optional || Boolean(line.chosen);

/** In minor units of `currency`, as the server works them out (the client's totals are only shown). */
export function lineMinor(
  line: { quantity: number; unitPrice: number },
  currency: string = defaultCurrency,
): number {
  return line.quantity * toMinor(line.unitPrice, currency);
}

/**
 * What a quote or invoice charges, in minor units: everything once at payment (`totalCents`), and
 * from then on the recurring lines each month or year (`recurringCents`).
 */
export function salesTotals(
  lines: readonly {
    quantity: number;
    unitPrice: number;
    recurring?: string | null;
    optional?: boolean;
    chosen?: boolean;
  }[],
  currency: string = defaultCurrency,
) {
  let totalCents = 0;
  let recurringCents = 0;
  for (const line of lines) {
    if (!lineCounts(line)) continue;
    const minor = lineMinor(line, currency);
    totalCents += minor;
    if (line.recurring) recurringCents += minor;
  }
  const interval = (lines.find((line) => line.recurring)?.recurring ?? null) as RecurringInterval | null;
  return { totalCents, recurringCents, interval };
}

const draftFields = {
  /** The customer: an account's e-mail, or a new address that is asked to sign up. */
  email: z.email({ message: "must be an e-mail address" }).trim().toLowerCase().max(320),
  /** How the customer is addressed; the account's name when left empty. */
  name: z.string().trim().max(120).default(""),
  /**
   * The client company it goes to; left out: the company of the address's account (or one made
   * from the address when its account first opens it). The address must be of no other company.
   */
  companyId: z.string().trim().max(100).nullable().default(null),
  lines: z.array(SalesLineBody).min(1, salesMessages.linesRequired).max(50),
  note: z.string().trim().max(4000).default(""),
  /** Quotes: the last day it can be accepted. */
  validUntil: day.nullable().default(null),
  /** Invoices: the day it is to be paid by. */
  dueDate: day.nullable().default(null),
  /** An invoice's existing order of the company, for work already done (docs/decisions/029). */
  forOrderId: z.string().trim().max(100).nullable().default(null),
  /** Paying it opens an order for the team; unset: yes, except for an invoice of an existing order. */
  startsWork: z.boolean().optional(),
};

/** The total's floor (the smallest card charge) depends on the shop's currency: the server checks it. */
function draftRules(body: { lines?: unknown }, ctx: z.RefinementCtx) {
  if (!Array.isArray(body.lines)) return;
  const lines = body.lines as { recurring?: string | null }[];
  const intervals = new Set(lines.map((line) => line?.recurring).filter(Boolean));
  if (intervals.size > 1)
    ctx.addIssue({ code: "custom", message: salesMessages.oneInterval, path: ["lines"] });
}

function kindRules(
  body: { kind?: unknown; validUntil?: string | null; dueDate?: string | null; lines?: unknown },
  ctx: z.RefinementCtx,
) {
  if (body.kind === "quote" && !body.validUntil) {
    ctx.addIssue({ code: "custom", message: salesMessages.validUntilRequired, path: ["validUntil"] });
  }
  if (body.kind === "invoice" && !body.dueDate) {
    ctx.addIssue({ code: "custom", message: salesMessages.dueDateRequired, path: ["dueDate"] });
  }
  const lines = Array.isArray(body.lines) ? (body.lines as { optional?: unknown }[]) : [];
  if (body.kind === "invoice" && lines.some((line) => line?.optional === true)) {
    ctx.addIssue({ code: "custom", message: salesMessages.optionalOnQuotes, path: ["lines"] });
  }
}

/** POST /admin/sales: a new draft. */
export const SalesDraftBody = z.object({ kind: SalesKind, ...draftFields }).superRefine(
  (body, ctx) => {
    // Run with whatever came in, so not even an object may be here.
    if (typeof body !== "object" || body === null) return;
    draftRules(body, ctx);
    kindRules(body, ctx);
  },
  // Checked even while other fields have problems, so a form shows every problem at once.
  { when: () => true },
);
export type SalesDraftBody = z.input<typeof SalesDraftBody>;
export type SalesDraft = z.output<typeof SalesDraftBody>;

export const SalesLine = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: Dollars,
  recurring: RecurringInterval.nullable(),
  amount: Dollars,
  /** A line the client may tick when accepting the quote. */
  optional: z.boolean(),
  /** An optional line the client chose (it then counts in the total). */
  chosen: z.boolean(),
});
export type SalesLine = z.infer<typeof SalesLine>;

/** "Q-2026-0001", "INV-2026-0001"; a draft has no number until it is sent. */
export function formatSalesNumber(kind: SalesKind, year: number, sequence: number): string {
  return `${kind === "quote" ? "Q" : "INV"}-${year}-${String(sequence).padStart(4, "0")}`;
}

/** How a revision is named: "Q-2026-0001", "Q-2026-0001 rev 2", or "Draft quote". */
export function salesLabel(doc: { kind: SalesKind; number: string | null; revision: number }): string {
  if (!doc.number) return doc.kind === "quote" ? "Draft quote" : "Draft invoice";
  return doc.revision > 1 ? `${doc.number} rev ${doc.revision}` : doc.number;
}

/** One revision of a quote or invoice, as its customer and the team see it. */
export const SalesDocument = z
  .object({
    _id: z.string(),
    kind: SalesKind,
    number: z.string().nullable(),
    revision: z.number().int().positive(),
    label: z.string(),
    state: SalesState,
    email: z.string(),
    name: z.string(),
    /** The client company it is addressed to (null: the person alone, until they open it). */
    companyId: z.string().nullable(),
    /** The company as it prints: copied when sent (null: the person only, as before companies had details). */
    buyer: DocumentBuyer.nullable(),
    lines: z.array(SalesLine),
    note: z.string(),
    validUntil: z.string().nullable(),
    dueDate: z.string().nullable(),
    currency: z.string(),
    /** Charged at payment: every line once (an optional line only once the client chose it). */
    total: Dollars,
    /** From then on, each month or year, while the subscription runs (null: nothing recurs). */
    recurring: z.object({ amount: Dollars, interval: RecurringInterval }).nullable(),
    sentAt: z.string().nullable(),
    viewedAt: z.string().nullable(),
    acceptedAt: z.string().nullable(),
    declinedAt: z.string().nullable(),
    declineReason: z.string().nullable(),
    paidAt: z.string().nullable(),
    voidedAt: z.string().nullable(),
    /** The order the payment made (or is making). */
    orderId: z.string().nullable(),
    /** The existing order an invoice bills for, and its number; null for none. */
    forOrderId: z.string().nullable(),
    forOrderNumber: z.number().int().nullable(),
    /** Whether paying it opens an order for the team. */
    startsWork: z.boolean(),
    /** How the quote was signed when it was accepted (null: not signed). */
    signature: SalesSignature.nullable(),
    /** What was received so far, less refunds, and what is left to pay (an invoice paid in part). */
    amountPaid: Dollars,
    amountDue: Dollars,
    createdAt: z.string(),
  })
  .meta({ id: "SalesDocument" });
export type SalesDocument = z.infer<typeof SalesDocument>;

export const SalesHistoryEntry = z.object({
  at: z.string(),
  /** created, edited, sent, viewed, accepted, declined, paid, voided, revised, reminded */
  kind: z.string(),
  /** Who did it (a member's or the customer's name); null for the shop itself. */
  actor: z.string().nullable(),
  note: z.string().nullable(),
});
export type SalesHistoryEntry = z.infer<typeof SalesHistoryEntry>;

/** The team's view: the revision, its history, every revision of its series, and the link mailed. */
export const AdminSalesDetail = SalesDocument.extend({
  history: z.array(SalesHistoryEntry),
  revisions: z.array(z.object({ _id: z.string(), revision: z.number().int(), state: SalesState })),
  /** Whether the address has an account of the shop (otherwise it is asked to sign up). */
  hasAccount: z.boolean(),
  /** The customer's page, once sent. */
  link: z.string().nullable(),
}).meta({ id: "AdminSalesDetail" });
export type AdminSalesDetail = z.infer<typeof AdminSalesDetail>;

/** GET /admin/sales: newest first, a page at a time; `state` and `kind` narrow it, `q` finds an e-mail or number. */
export const AdminSalesQuery = numberedPageQuery(
  { size: 20, maxSize: 100 },
  {
    kind: SalesKind.optional(),
    state: SalesState.optional(),
    q: z.string().trim().max(200).optional(),
  },
);
export type AdminSalesQuery = z.infer<typeof AdminSalesQuery>;

export const AdminSalesList = z.object({ documents: z.array(SalesDocument), more: z.boolean() });
export type AdminSalesList = z.infer<typeof AdminSalesList>;

export const SalesTokenParams = z.object({ token: z.string().max(200) });

/**
 * GET /sales/{token}/invitation, before signing in: what the link is and for whom, so the page can
 * ask the reader to sign in (or sign up) with that address. It shows nothing of the content.
 */
export const SalesInvitation = z.object({
  kind: SalesKind,
  label: z.string(),
  email: z.string(),
  accountExists: z.boolean(),
});
export type SalesInvitation = z.infer<typeof SalesInvitation>;

/** What the customer's page shows and may do. */
export const CustomerSalesDocument = SalesDocument.extend({
  canAccept: z.boolean(),
  canPay: z.boolean(),
  /** An invoice's terms and the agency's bank details, for a transfer (null for a quote). */
  terms: z
    .object({ dueInDays: z.number().int(), bank: BankDetails.nullable(), reference: z.string() })
    .nullable(),
}).meta({ id: "CustomerSalesDocument" });
export type CustomerSalesDocument = z.infer<typeof CustomerSalesDocument>;

export const DeclineSalesBody = z.object({ reason: z.string().trim().max(500).optional() });
export type DeclineSalesBody = z.infer<typeof DeclineSalesBody>;

/** POST /sales/{token}/pay: the order the card pays (through the usual payment calls). */
export const SalesPayment = z.object({ orderId: z.string() });
export type SalesPayment = z.infer<typeof SalesPayment>;
