import { salesLabel, salesMessages } from "@agency/contract";
import type { SessionUser } from "../../auth/session.js";
import { DAY_MS } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { enqueue } from "../../jobs/queue.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import { documentBuyer } from "../companies/index.js";
import {
  checkUnpaidOrders,
  discardUnpaidOrder,
  lockOrders,
  type UnpaidOrdersChecked,
} from "../orders/index.js";
import type { SalesContext } from "./drafts.js";
import { findRevision, lockRevision, teamMember } from "./drafts.js";
import { takeSalesNumber } from "./numbering.js";
import { dayOf, effectiveState } from "./present.js";
import {
  liveRevisionLocked,
  markRevisionSent,
  markRevisionSuperseded,
  markRevisionVoided,
  ordersOfSeries,
  type SalesRow,
} from "./queries/documents.js";
import { recordSalesEvent } from "./queries/history.js";
import { announceSent, queueOverdueStep } from "./sales-events.js";

/** An invoice's reminders: 3 days before its due day, on the day, and 3 days after (at 09:00 UTC). */
const invoiceReminders = [
  { which: "before", days: -3 },
  { which: "due", days: 0 },
  { which: "after", days: 3 },
] as const;

function reminderTime(dueDate: string, days: number): Date {
  return new Date(new Date(`${dueDate}T09:00:00Z`).getTime() + days * DAY_MS);
}

/**
 * Before a change that may withdraw a revision (void, or a newer one sent): the provider is asked,
 * outside the transaction, about the payments of the series' unpaid orders.
 */
async function checkSeriesOrders(ctx: SalesContext, seriesId: string): Promise<UnpaidOrdersChecked> {
  return checkUnpaidOrders(ctx.db, ctx.provider, await ordersOfSeries(ctx.db, seriesId));
}

/**
 * A revision the customer can no longer pay (voided, or replaced by a newer one) takes its unpaid
 * order with it; refused while the provider is taking that order's payment. The series' orders are
 * locked before its revisions: a payment locks its order and then its sale, in that order too.
 */
async function withdrawOrder(
  tx: Database,
  row: SalesRow,
  checked: UnpaidOrdersChecked,
): Promise<string | null> {
  if (!row.orderId) return null;
  const outcome = await discardUnpaidOrder(tx, row.orderId, checked);
  if (outcome === "underway") throw new AppError("conflict", salesMessages.paymentUnderway);
  if (outcome === "paid") throw new AppError("conflict", salesMessages.notVoidable);
  return outcome === "discarded" ? row.orderId : null;
}

function checkDates(row: SalesRow, now: Date) {
  const today = dayOf(now);
  const field = row.kind === "quote" ? "validUntil" : "dueDate";
  const day = row.kind === "quote" ? row.validUntil : row.dueDate;
  if (!day) {
    const message = row.kind === "quote" ? salesMessages.validUntilRequired : salesMessages.dueDateRequired;
    throw new AppError("bad_request", message, { [field]: message });
  }
  if (day < today) {
    throw new AppError("bad_request", `${field} ${salesMessages.pastDay}`, {
      [field]: salesMessages.pastDay,
    });
  }
}

/**
 * Sends a draft: it is frozen, takes its number (a first revision) or supersedes the revision the
 * customer has (a later one), and the customer is mailed the link. An invoice's reminders are
 * queued with it, each for its day. All in one transaction: a send that fails leaves no number used.
 */
export async function sendDocument(ctx: SalesContext, caller: SessionUser, id: string): Promise<void> {
  const draft = await findRevision(ctx.db, id);
  const checked = await checkSeriesOrders(ctx, draft.seriesId);
  await ctx.db.transaction(async (tx) => {
    await lockOrders(tx, await ordersOfSeries(tx, draft.seriesId));
    const row = await lockRevision(tx, id);
    if (row.state !== "draft") throw new AppError("conflict", salesMessages.notSendable);
    const now = ctx.now();
    checkDates(row, now);
    const actor = teamMember(caller);
    let numbered = { number: row.number, year: row.year, sequence: row.sequence };
    let previous: SalesRow | undefined;
    if (row.revision > 1) {
      // The one the customer has now: the revision this one replaces.
      previous = await liveRevisionLocked(tx, row.seriesId);
      const state = previous ? effectiveState(previous, now) : undefined;
      if (state === "accepted" || state === "paid" || state === "void") {
        throw new AppError("conflict", salesMessages.notSendable);
      }
      if (previous) {
        await withdrawOrder(tx, previous, checked);
        await markRevisionSuperseded(tx, previous.id, now);
        await recordSalesEvent(tx, {
          documentId: previous.id,
          kind: "superseded",
          at: now,
          actor,
          note: `Replaced by revision ${row.revision}`,
        });
      }
    } else {
      numbered = await takeSalesNumber(tx, row.kind, now.getUTCFullYear());
    }
    // The company and the agency print as they are now, and stay so on this revision whatever
    // either changes later.
    const buyer = await documentBuyer(tx, row.companyId);
    const seller = await ctx.letterhead.seller(tx);
    const sent = await markRevisionSent(tx, row.id, { ...numbered, buyer, seller }, now);
    if (!sent) throw new Error("The quote or invoice was not sent.");
    const label = salesLabel(sent);
    await recordSalesEvent(tx, { documentId: row.id, kind: "sent", at: now, actor });
    await enqueue(tx, "mail.sales-sent", { documentId: row.id, label, email: row.email });
    await announceSent(tx, sent, now);
    await queueOverdueStep(tx, sent, label);
    if (sent.kind === "invoice" && sent.dueDate) {
      for (const { which, days } of invoiceReminders) {
        const runAt = reminderTime(sent.dueDate, days);
        if (runAt <= now) continue;
        await enqueue(
          tx,
          "sales.invoice-reminder",
          { documentId: sent.id, label, email: sent.email, which },
          { key: `sales.invoice-reminder:${sent.id}:${which}`, runAt },
        );
      }
    }
    const totals = (doc: SalesRow) => ({ revision: doc.revision, total: doc.totalCents / 100 });
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: previous ? `${row.kind}.revised` : `${row.kind}.sent`,
      subject: { type: row.kind, id: row.seriesId, label },
      before: previous ? totals(previous) : undefined,
      after: totals(sent),
    });
  });
}

/** Voidable: sent and not paid (nor voided or replaced already). */
const voidable = new Set(["sent", "viewed", "accepted", "declined", "expired", "overdue"]);

/** The agency withdraws a sent quote or invoice: it can no longer be accepted or paid. */
export async function voidDocument(ctx: SalesContext, caller: SessionUser, id: string): Promise<void> {
  const { seriesId } = await findRevision(ctx.db, id);
  const checked = await checkSeriesOrders(ctx, seriesId);
  await ctx.db.transaction(async (tx) => {
    await lockOrders(tx, await ordersOfSeries(tx, seriesId));
    const row = await lockRevision(tx, id);
    const now = ctx.now();
    if (!voidable.has(effectiveState(row, now))) throw new AppError("conflict", salesMessages.notVoidable);
    const withdrawn = await withdrawOrder(tx, row, checked);
    await markRevisionVoided(tx, row.id, now);
    await recordSalesEvent(tx, {
      documentId: row.id,
      kind: "voided",
      at: now,
      actor: teamMember(caller),
    });
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: `${row.kind}.voided`,
      subject: { type: row.kind, id: row.seriesId, label: salesLabel(row) },
      before: { state: effectiveState(row, now), ...(withdrawn ? { unpaidOrder: withdrawn } : {}) },
      after: { state: "void" },
    });
  });
}
