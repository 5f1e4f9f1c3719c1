import { formatMoney } from "@agency/contract";
import type { JobPayloads } from "../../jobs/queue.js";
import { enqueue } from "../../jobs/queue.js";
import type { JobHandlers } from "../../jobs/worker.js";
import { formatDate } from "../../mail/format.js";
import { type OutgoingMail, renderMail } from "../../mail/layout.js";
import { type NotificationContext, ownerMails, queueMails } from "../../mail/notifications.js";
import { type Letterhead, salesPdfAttachment, salesPdfName } from "./pdf.js";
import { effectiveState } from "./present.js";
import { accountWithAddress } from "./queries/accounts.js";
import { revisionWithId, type SalesRow, waitingRevisionLocked } from "./queries/documents.js";
import { recordReminderOnce } from "./queries/history.js";
import { signaturesOf, signedPdfOf } from "./queries/signatures.js";
import { announceOverdue } from "./sales-events.js";

/** The customer's page of a quote or invoice. */
export function salesLink(publicUrl: string, row: Pick<SalesRow, "kind" | "token">): string {
  return `${publicUrl}/${row.kind === "quote" ? "quotes" : "invoices"}/${row.token}`;
}

const dayText = (day: string) => formatDate(new Date(`${day}T00:00:00Z`));

/** An amount of the document, in its own currency and the shop's way of writing it. */
const amountOf = (ctx: NotificationContext, row: SalesRow, minor: number) =>
  formatMoney(minor, row.currency, ctx.brand.locale);

function amounts(ctx: NotificationContext, row: SalesRow): Array<[string, string]> {
  const rows: Array<[string, string]> = [["Total", amountOf(ctx, row, row.totalCents)]];
  if (row.recurringInterval) {
    const per = row.recurringInterval === "yearly" ? "year" : "month";
    rows.push(["Then", `${amountOf(ctx, row, row.recurringCents)} every ${per}`]);
  }
  return rows;
}

async function sentMail(
  ctx: NotificationContext,
  payload: JobPayloads["mail.sales-sent"],
  letterhead?: Letterhead,
): Promise<OutgoingMail[]> {
  const row = await revisionWithId(ctx.db, payload.documentId);
  if (!row || row.state === "draft" || row.state === "superseded" || row.state === "void") return [];
  const quote = row.kind === "quote";
  const hasAccount = Boolean(await accountWithAddress(ctx.db, row.email));
  const what = quote ? "quote" : "invoice";
  const dates: Array<[string, string]> = quote
    ? [["Valid until", dayText(row.validUntil ?? "")]]
    : [["Due", dayText(row.dueDate ?? "")]];
  return [
    renderMail(ctx.brand, {
      to: row.email,
      subject: quote
        ? `Quote ${payload.label} from ${ctx.brand.name}`
        : `Invoice ${payload.label} from ${ctx.brand.name}: ${amountOf(ctx, row, row.totalCents)} due ${dayText(row.dueDate ?? "")}`,
      heading: row.name ? `Hello ${row.name},` : "Hello,",
      paragraphs: [
        row.revision > 1
          ? `We revised our ${what} ${payload.label} for you; it replaces the one we sent before.`
          : `${ctx.brand.name} sent you the ${what} ${payload.label}.`,
        ...(row.note ? [row.note] : []),
        quote
          ? "Open it to read the details, then accept it and pay by card, or decline it."
          : "Open it to read the details and pay by card.",
        hasAccount
          ? `Sign in with ${row.email} to answer it.`
          : `Sign up with ${row.email} (it takes a minute) to ${quote ? "accept" : "pay"} it.`,
      ],
      details: [["Number", payload.label], ...amounts(ctx, row), ...dates],
      action: {
        label: quote ? "View the quote" : "View the invoice",
        url: salesLink(ctx.brand.publicUrl, row),
      },
      // The document itself, as its PDF prints it now.
      ...(letterhead
        ? { attachments: [await salesPdfAttachment(ctx.db, letterhead, row, ctx.brand.locale)] }
        : {}),
    }),
  ];
}

/** An accepted quote's signed PDF as a mail carries it (none for a declined one). */
async function signedAttachment(ctx: NotificationContext, row: SalesRow) {
  const pdf = row.acceptedAt ? await signedPdfOf(ctx.db, row.id) : undefined;
  if (!pdf) return {};
  const filename = salesPdfName(row).replace(/\.pdf$/, "-signed.pdf");
  return {
    attachments: [{ filename, contentType: "application/pdf", contentBase64: pdf.toString("base64") }],
  };
}

/**
 * The agency hears of a quote's answer; an accepted one's signed PDF goes with it, to the agency
 * and to the person who signed.
 */
async function answeredMail(ctx: NotificationContext, payload: JobPayloads["mail.sales-answered"]) {
  const row = await revisionWithId(ctx.db, payload.documentId);
  if (!row || (row.state !== "accepted" && row.state !== "declined" && row.state !== "paid")) return [];
  const accepted = row.acceptedAt !== null;
  const signed = await signedAttachment(ctx, row);
  const [signature] = accepted ? (await signaturesOf(ctx.db, [row.id])).values() : [];
  const toAgency = await ownerMails(ctx, () => ({
    subject: `Quote ${payload.label} ${accepted ? "accepted" : "declined"} by ${row.email}`,
    heading: `Quote ${payload.label} ${accepted ? "accepted" : "declined"}`,
    paragraphs: [
      accepted
        ? `${row.name || row.email} accepted the quote; its order starts once they pay.`
        : `${row.name || row.email} declined the quote.`,
      ...(signature ? [`Signed by ${signature.name} (${signature.email}); the signed PDF is attached.`] : []),
      ...(row.declineReason ? [`Their reason: ${row.declineReason}`] : []),
    ],
    details: [["Customer", `${row.name} <${row.email}>`], ...amounts(ctx, row)],
    action: { label: "Open the quote", url: `${ctx.brand.publicUrl}/dashboard/admin/sales/${row.id}` },
    ...signed,
  }));
  if (!signature) return toAgency;
  const toSigner = renderMail(ctx.brand, {
    to: signature.email,
    subject: `Your signed quote ${payload.label} from ${ctx.brand.name}`,
    heading: `Hello ${signature.name},`,
    paragraphs: [
      `Thank you for accepting the quote ${payload.label}. The signed PDF is attached for your records.`,
    ],
    details: [["Number", payload.label], ...amounts(ctx, row)],
    action: { label: "View the quote", url: salesLink(ctx.brand.publicUrl, row) },
    ...signed,
  });
  return [...toAgency, toSigner];
}

const reminderWords = {
  before: (due: string) => ({ subject: `is due on ${due}`, line: `is due in 3 days, on ${due}` }),
  due: (due: string) => ({ subject: "is due today", line: `is due today, ${due}` }),
  after: (due: string) => ({ subject: "is overdue", line: `was due on ${due} and is not paid yet` }),
};

/**
 * One reminder of an unpaid invoice. The history's entry for it is written once (a unique index),
 * in the same transaction as its mail: a job run again, or a reminder of a paid, voided or revised
 * invoice, sends nothing.
 */
async function invoiceReminder(
  ctx: NotificationContext,
  payload: JobPayloads["sales.invoice-reminder"],
  job: { id: string; runAt: Date },
) {
  await ctx.db.transaction(async (tx) => {
    const row = await waitingRevisionLocked(tx, payload.documentId);
    if (!row?.dueDate) return;
    // Past its due day it is overdue: announced once, by the first of its jobs to find it so.
    if (effectiveState(row, job.runAt) === "overdue") await announceOverdue(tx, row, job.runAt);
    if (payload.which === "overdue") return;
    // Dated when it was due to go (billing's clock may have been moved to get there).
    if (!(await recordReminderOnce(tx, row.id, payload.which, job.runAt))) return;
    const words = reminderWords[payload.which](dayText(row.dueDate));
    const mail = renderMail(ctx.brand, {
      to: row.email,
      subject: `Reminder: invoice ${payload.label} ${words.subject}`,
      heading: row.name ? `Hello ${row.name},` : "Hello,",
      paragraphs: [
        `The invoice ${payload.label} from ${ctx.brand.name} ${words.line}.`,
        "If you have paid it meanwhile, thank you, and please ignore this mail.",
      ],
      details: [["Number", payload.label], ...amounts(ctx, row), ["Due", dayText(row.dueDate)]],
      action: { label: "Pay the invoice", url: salesLink(ctx.brand.publicUrl, row) },
    });
    await enqueue(tx, "mail.send", mail, { key: `${job.id}:${mail.to}:${payload.which}` });
  });
}

/**
 * The module's mail jobs; the job runtime hands them the shop's brand as it is when they run, and
 * the letterhead of the PDF the "sent" mail attaches.
 */
export function salesMailHandlers(ctx: NotificationContext, letterhead?: Letterhead): JobHandlers {
  return {
    "mail.sales-sent": async (payload, job) =>
      queueMails(ctx.db, job.id, await sentMail(ctx, payload, letterhead)),
    "mail.sales-answered": async (payload, job) =>
      queueMails(ctx.db, job.id, await answeredMail(ctx, payload)),
    "sales.invoice-reminder": (payload, job) => invoiceReminder(ctx, payload, job),
  };
}
