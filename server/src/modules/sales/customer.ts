import {
  type ClientAbility,
  type CustomerSalesDocument,
  companyMessages,
  type PaymentIntent,
  type SalesInvitation,
  type SalesPayment,
  type SalesState,
  salesLabel,
  salesMessages,
} from "@agency/contract";
import { clientMayDo, readsSalesDocument } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { emitDomainEvent } from "../../events.js";
import { enqueue } from "../../jobs/queue.js";
import { openInvoiceCardPayment, paysInvoice, recordInvoiceCardPayment } from "../billing/index.js";
import { companyForOrder } from "../companies/index.js";
import { orderOfDocument } from "./document-orders.js";
import { type SalesContext, totalsOf } from "./drafts.js";
import { effectiveState, linesOf, presentOne } from "./present.js";
import { accountWithAddress } from "./queries/accounts.js";
import {
  recordOpening,
  recordQuoteAnswer,
  revisionWithId,
  type SalesRow,
  sentRevisionWithToken,
} from "./queries/documents.js";
import { recordSalesEvent } from "./queries/history.js";
import { chooseOptionalLines } from "./queries/lines.js";
import { keepSignature, type SigningEvidence, shownPdf } from "./signature.js";
import { invoiceTerms } from "./terms.js";

const tokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

/** The revision a link shows: the newest one sent (drafts and replaced revisions never). */
async function findByToken(db: Database, token: string, lock = false): Promise<SalesRow> {
  if (!tokenPattern.test(token)) throw notFound("The quote or invoice");
  const row = await sentRevisionWithToken(db, token, lock);
  if (!row) throw notFound("The quote or invoice");
  return row;
}

const isAddressee = (row: SalesRow, caller: SessionUser) => caller.email.toLowerCase() === row.email;

/** The revision, to its addressee or a colleague who acts on it (the one rule), else a 404. */
function forReader(row: SalesRow, caller: SessionUser): SalesRow {
  if (readsSalesDocument(caller, row)) return row;
  throw notFound("The quote or invoice");
}

/** The revision a link shows, read by its addressee or a colleague who acts on it (else a 404). */
export async function revisionForReader(db: Database, caller: SessionUser, token: string): Promise<SalesRow> {
  return forReader(await findByToken(db, token), caller);
}

const waiting = (state: SalesState) => state === "sent" || state === "viewed";

/**
 * Paid by card: a quote once accepted, an invoice while open. One that starts work is paid through
 * a new order; an invoice that starts none is paid as it is, by card or by transfer, and opens no
 * order (docs/decisions/029).
 */
function mayPay(row: SalesRow, state: SalesState): boolean {
  if (row.kind === "quote") return row.startsWork && state === "accepted";
  return waiting(state) || state === "overdue";
}

/** Refused (403) to a person whose client role may not do it: accept or decline (approve), pay. */
function refuseRole(caller: SessionUser, ability: ClientAbility) {
  if (!clientMayDo(caller, ability)) throw new AppError("forbidden", companyMessages.roleMayNot(ability));
}

/** Before signing in: what the link is and for which address (none of its content). */
export async function salesInvitation(db: Database, token: string): Promise<SalesInvitation> {
  const row = await findByToken(db, token);
  return {
    kind: row.kind,
    label: salesLabel(row),
    email: row.email,
    accountExists: Boolean(await accountWithAddress(db, row.email)),
  };
}

async function present(
  ctx: SalesContext,
  caller: SessionUser,
  row: SalesRow,
): Promise<CustomerSalesDocument> {
  const now = ctx.now();
  const state = effectiveState(row, now);
  const shown = await presentOne(ctx.db, row, now);
  return {
    ...shown,
    // A quote is paid once accepted: by card, or by transfer to the account its terms give.
    terms: row.kind === "invoice" || row.state === "accepted" ? await invoiceTerms(ctx.db, row) : null,
    canAccept: clientMayDo(caller, "approve") && row.kind === "quote" && waiting(state),
    canPay: clientMayDo(caller, "pay") && mayPay(row, state) && (row.startsWork || shown.amountDue > 0),
  };
}

/**
 * A document sent to an address with no company yet goes to the addressee's company once their
 * account opens it: the one they are in, or a company of one made from them now.
 */
async function companyOfAddressee(tx: Database, row: SalesRow, caller: SessionUser): Promise<string | null> {
  if (row.companyId || !isAddressee(row, caller)) return row.companyId;
  return (await companyForOrder(tx, caller.id))?.id ?? null;
}

/**
 * The addressee opens the link: the first time, it is marked viewed, and a new account with the
 * address becomes the one it belongs to.
 */
export async function viewSalesDocument(
  ctx: SalesContext,
  caller: SessionUser,
  token: string,
): Promise<CustomerSalesDocument> {
  const row = await ctx.db.transaction(async (tx) => {
    const found = forReader(await findByToken(tx, token, true), caller);
    const changes: Partial<SalesRow> = {};
    if (!found.userId && isAddressee(found, caller)) changes.userId = caller.id;
    const companyId = await companyOfAddressee(tx, found, caller);
    if (companyId !== found.companyId) changes.companyId = companyId;
    if (found.state === "sent") {
      changes.state = "viewed";
      changes.viewedAt = ctx.now();
      await recordSalesEvent(tx, {
        documentId: found.id,
        kind: "viewed",
        at: ctx.now(),
        actor: { id: caller.id, name: caller.name },
      });
    }
    if (Object.keys(changes).length === 0) return found;
    return (await recordOpening(tx, found.id, changes)) ?? found;
  });
  return present(ctx, caller, row);
}

/** The customer answers a quote: accepted (paid next) or declined, with an optional reason. */
export async function answerQuote(
  ctx: SalesContext,
  caller: SessionUser,
  token: string,
  answer:
    | { accept: true; options: readonly number[]; signature: SigningEvidence }
    | { accept: false; reason?: string },
): Promise<CustomerSalesDocument> {
  const row = await ctx.db.transaction(async (tx) => {
    const found = forReader(await findByToken(tx, token, true), caller);
    refuseRole(caller, "approve");
    const now = ctx.now();
    if (found.kind !== "quote" || !waiting(effectiveState(found, now))) {
      throw new AppError(
        "conflict",
        answer.accept ? salesMessages.notAcceptable : salesMessages.notDeclinable,
      );
    }
    const reason = answer.accept ? null : answer.reason || null;
    // What is signed is the PDF the reader sees now, before the answer changes it.
    const shown = answer.accept ? await shownPdf(tx, ctx.letterhead, found) : undefined;
    const totals = answer.accept ? await chooseOptions(tx, found.id, answer.options) : undefined;
    const updated = await recordQuoteAnswer(tx, found.id, {
      accept: answer.accept,
      at: now,
      reason,
      userId: isAddressee(found, caller) ? caller.id : null,
      totals,
    });
    if (!updated) throw new Error("The quote was not answered.");
    if (answer.accept && shown) {
      await keepSignature(tx, ctx.letterhead, {
        caller,
        shown,
        accepted: updated,
        lines: (await linesOf(tx, [found.id])).get(found.id) ?? [],
        evidence: answer.signature,
        at: now,
      });
    }
    await recordSalesEvent(tx, {
      documentId: found.id,
      kind: answer.accept ? "accepted" : "declined",
      at: now,
      actor: { id: caller.id, name: caller.name },
      note: reason,
    });
    await enqueue(tx, "mail.sales-answered", { documentId: found.id, label: salesLabel(found) });
    if (answer.accept) {
      await emitDomainEvent(tx, "quote.accepted", {
        quote: {
          id: updated.id,
          number: updated.number ?? "",
          revision: updated.revision,
          email: updated.email,
          userId: caller.id,
          totalCents: updated.totalCents,
        },
        acceptedAt: now,
      });
    }
    return updated;
  });
  return present(ctx, caller, row);
}

/**
 * The optional lines the client ticked when accepting, by their place among the quote's lines:
 * they count from now on, and the quote's total is theirs with them. A place that is not an
 * optional line is refused.
 */
async function chooseOptions(tx: Database, documentId: string, options: readonly number[]) {
  const lines = (await linesOf(tx, [documentId])).get(documentId) ?? [];
  const chosen = new Set(options);
  for (const position of chosen) {
    if (!lines.some((line) => line.position === position && line.optional)) {
      throw new AppError("bad_request", salesMessages.notOptional, { options: salesMessages.notOptional });
    }
  }
  if (!lines.some((line) => line.optional)) return undefined;
  await chooseOptionalLines(tx, documentId, [...chosen]);
  return totalsOf(lines.map((line) => ({ ...line, chosen: chosen.has(line.position) })));
}

/**
 * The customer starts paying an accepted quote or a sent invoice: its order is written, unpaid,
 * and the card pays it through the usual payment calls. Opening the payment again reuses it.
 */
export async function startSalesPayment(
  ctx: SalesContext,
  caller: SessionUser,
  token: string,
): Promise<SalesPayment> {
  return ctx.db.transaction(async (tx) => {
    const found = forReader(await findByToken(tx, token, true), caller);
    refuseRole(caller, "pay");
    const companyId = await companyOfAddressee(tx, found, caller);
    if (companyId !== found.companyId) await recordOpening(tx, found.id, { companyId });
    const state = effectiveState(found, ctx.now());
    if (!mayPay(found, state)) {
      const quoteWaiting = found.kind === "quote" && waiting(state);
      throw new AppError("conflict", quoteWaiting ? salesMessages.acceptFirst : salesMessages.notPayable);
    }
    if (!found.startsWork) throw new AppError("conflict", salesMessages.paidOnItsPage);
    const orderId = await orderOfDocument(tx, found, caller, ctx.now());
    return { orderId };
  });
}

/**
 * The card payment of an open invoice that starts no work, for what it still asks for: the
 * provider's intent carries the invoice, and paying it opens no order.
 */
export async function openSalesCardPayment(
  ctx: SalesContext,
  caller: SessionUser,
  token: string,
): Promise<PaymentIntent> {
  const found = forReader(await findByToken(ctx.db, token), caller);
  refuseRole(caller, "pay");
  if (found.kind !== "invoice" || !mayPay(found, effectiveState(found, ctx.now()))) {
    throw new AppError("conflict", salesMessages.notPayable);
  }
  if (found.startsWork) throw new AppError("conflict", salesMessages.paidThroughOrder);
  return openInvoiceCardPayment(ctx.db, ctx.provider, found);
}

/**
 * The reader says the card paid: the provider is asked, and a payment of a revision of this
 * invoice is booked once (the webhook may have booked it already). Answers the invoice as it is now.
 */
export async function confirmSalesCardPayment(
  ctx: SalesContext,
  caller: SessionUser,
  token: string,
  transactionId: string,
): Promise<CustomerSalesDocument> {
  const found = forReader(await findByToken(ctx.db, token), caller);
  refuseRole(caller, "pay");
  const intent = await ctx.provider.retrieveIntent(transactionId);
  const paid = intent && paysInvoice(intent) ? await revisionWithId(ctx.db, intent.invoiceId) : undefined;
  if (!intent || paid?.seriesId !== found.seriesId) {
    throw new AppError("unprocessable", salesMessages.noSuchCardPayment);
  }
  await recordInvoiceCardPayment(ctx.db, ctx.provider.name, intent, ctx.receipts, caller);
  return present(ctx, caller, await findByToken(ctx.db, token));
}
