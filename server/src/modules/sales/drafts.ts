import { randomBytes, randomUUID } from "node:crypto";
import {
  type AdminSalesDetail,
  formatMoney,
  isId,
  lineCounts,
  minimumChargeMinor,
  type SalesDraft,
  salesMessages,
} from "@agency/contract";
import { accountIdOf, type SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import type { PaymentProvider } from "../../payment-providers/provider.js";
import type { ReceiptSettings } from "../billing/index.js";
import { minorUnitsOf, shopMoney } from "../catalog/index.js";
import { companyById } from "../companies/index.js";
import type { Letterhead } from "./pdf.js";
import { effectiveState } from "./present.js";
import { accountWithAddress } from "./queries/accounts.js";
import {
  deleteDraftRow,
  insertRevision,
  newestRevisionOfSeries,
  revisionsOfSeries,
  revisionWithId,
  rewriteDraft,
  type SalesRow,
} from "./queries/documents.js";
import { recordSalesEvent } from "./queries/history.js";
import { type PricedLine, pricedLinesOf, replaceLinesOf } from "./queries/lines.js";
import { companyOfOrder } from "./queries/settlement.js";

export type SalesContext = {
  db: Database;
  now: () => Date;
  publicUrl: string;
  /**
   * Asked whether a sale's unpaid order is being paid before that sale is voided or replaced, and
   * to open and check the card payment of an invoice that opens no order.
   */
  provider: PaymentProvider;
  /** The receipts of invoices paid by card. */
  receipts: ReceiptSettings;
  /** The PDFs' letterhead: a quote is signed on its PDF. */
  letterhead: Letterhead;
};

/** A revision by id (a malformed id does not exist either), locked for a change when asked. */
export async function findRevision(db: Database, id: string, lock = false): Promise<SalesRow> {
  if (!isId(id)) throw notFound("The quote or invoice");
  const row = await revisionWithId(db, id, lock);
  if (!row) throw notFound("The quote or invoice");
  return row;
}

export const lockRevision = (tx: Database, id: string) => findRevision(tx, id, true);

/** Who acts for the team in the history: a member, or an API key (no account: by its name only). */
export const teamMember = (caller: SessionUser) => ({ id: accountIdOf(caller), name: caller.name });

/**
 * What a draft stores from the form: its customer, dates, note, and its lines and totals priced
 * here in the shop's currency as it is now (a draft follows it until it is sent, then keeps it).
 */
async function draftValues(ctx: Pick<SalesContext, "db">, reader: Database, body: SalesDraft) {
  const account = await accountWithAddress(reader, body.email);
  if (account?.role) {
    throw new AppError("bad_request", salesMessages.teamAddress, { email: salesMessages.teamAddress });
  }
  const companyId = await addressedCompany(reader, body.companyId, account?.companyId ?? null);
  const money = await shopMoney(ctx.db, reader);
  const lines: PricedLine[] = body.lines.map((line, index) => ({
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: minorUnitsOf(line.unitPrice, money.currency, `lines.${index}.unitPrice`),
    recurring: line.recurring,
    optional: line.optional,
  }));
  const totals = totalsOf(lines);
  const minimum = minimumChargeMinor(money.currency);
  if (totals.totalCents < minimum) {
    const message = salesMessages.minimumTotal(formatMoney(minimum, money.currency, money.locale));
    throw new AppError("bad_request", message, { lines: message });
  }
  const forOrderId = await billedOrder(reader, body, companyId);
  const values = {
    email: body.email.toLowerCase(),
    name: body.name || account?.name || "",
    userId: account?.id ?? null,
    companyId,
    note: body.note,
    validUntil: body.validUntil,
    dueDate: body.dueDate,
    currency: money.currency,
    ...totals,
    forOrderId,
    // An invoice for an order's work already done settles only; anything else opens its work
    // when paid, unless the draft says otherwise.
    startsWork: body.startsWork ?? (body.kind === "quote" || forOrderId === null),
  };
  return { values, lines };
}

/**
 * The company a draft goes to: the one chosen, or the address's account's. An address of a person
 * of another company is refused: that person could not open it.
 */
async function addressedCompany(
  reader: Database,
  chosen: string | null,
  accounts: string | null,
): Promise<string | null> {
  if (!chosen) return accounts;
  if (!isId(chosen) || !(await companyById(reader, chosen))) {
    throw new AppError("bad_request", salesMessages.noSuchCompany, {
      companyId: salesMessages.noSuchCompany,
    });
  }
  if (accounts && accounts !== chosen) {
    throw new AppError("bad_request", salesMessages.otherCompany, { email: salesMessages.otherCompany });
  }
  return chosen;
}

/**
 * The existing order an invoice bills for: one of the company the invoice is addressed to (an
 * order of another company, or of none, would show the client someone else's work).
 */
async function billedOrder(reader: Database, body: SalesDraft, companyId: string | null) {
  if (!body.forOrderId) return null;
  const refuse = (message: string) => new AppError("bad_request", message, { forOrderId: message });
  if (body.kind !== "invoice") throw refuse(salesMessages.forOrderOnInvoices);
  const order = isId(body.forOrderId) ? await companyOfOrder(reader, body.forOrderId) : undefined;
  if (!order || !companyId || order.companyId !== companyId) throw refuse(salesMessages.forOrderOfCompany);
  return body.forOrderId;
}

/** What the lines charge: every line but an optional one not chosen (none is, in a draft). */
export function totalsOf(lines: readonly (PricedLine & { chosen?: boolean })[]) {
  let totalCents = 0;
  let recurringCents = 0;
  for (const line of lines) {
    if (!lineCounts(line)) continue;
    totalCents += line.quantity * line.unitPriceCents;
    if (line.recurring) recurringCents += line.quantity * line.unitPriceCents;
  }
  const recurringInterval = lines.find((line) => lineCounts(line) && line.recurring)?.recurring ?? null;
  return { totalCents, recurringCents, recurringInterval };
}

/**
 * A new quote or invoice, as a draft: it has no number and goes nowhere until it is sent. Another
 * module's step may write one inside its own transaction (`db` then being that transaction).
 */
export async function createDraft(
  ctx: Pick<SalesContext, "db" | "now">,
  caller: SessionUser,
  body: SalesDraft,
): Promise<string> {
  const { values, lines } = await draftValues(ctx, ctx.db, body);
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await insertRevision(tx, {
      ...values,
      id,
      kind: body.kind,
      seriesId: id,
      // The customer's link: unguessable, and the same for every revision of the series.
      token: randomBytes(24).toString("base64url"),
      createdBy: accountIdOf(caller),
      createdAt: ctx.now(),
    });
    await replaceLinesOf(tx, id, lines);
    await recordSalesEvent(tx, { documentId: id, kind: "created", at: ctx.now(), actor: teamMember(caller) });
  });
  return id;
}

/** A draft changes as a whole; a sent revision never does (the database refuses it too). */
export async function updateDraft(ctx: SalesContext, caller: SessionUser, id: string, body: SalesDraft) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockRevision(tx, id);
    if (row.state !== "draft") throw new AppError("conflict", salesMessages.notDraft);
    if (body.kind !== row.kind) {
      throw new AppError("bad_request", "kind cannot change; write a new one instead.", {
        kind: "cannot change",
      });
    }
    if (row.revision > 1 && body.email.toLowerCase() !== row.email) {
      const message = "A revision goes to the same customer as the one it revises.";
      throw new AppError("bad_request", message, { email: message });
    }
    const { values, lines } = await draftValues(ctx, tx, body);
    await rewriteDraft(tx, row.id, values);
    await replaceLinesOf(tx, row.id, lines);
    await recordSalesEvent(tx, {
      documentId: row.id,
      kind: "edited",
      at: ctx.now(),
      actor: teamMember(caller),
    });
  });
}

export async function deleteDraft(ctx: SalesContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockRevision(tx, id);
    if (row.state !== "draft") throw new AppError("conflict", salesMessages.notDeletable);
    await deleteDraftRow(tx, row.id);
  });
}

/** What a sent one may be revised from: waiting, declined or past its date; not accepted, paid or void. */
const revisable = new Set(["sent", "viewed", "declined", "expired", "overdue"]);

/**
 * A change to a sent quote or invoice: a new draft revision of the same series, with the same
 * number, customer and lines to edit. The sent one stays as it was until the revision is sent,
 * which supersedes it.
 */
export async function reviseDocument(ctx: SalesContext, caller: SessionUser, id: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockRevision(tx, id);
    if (!revisable.has(effectiveState(row, ctx.now()))) {
      throw new AppError("conflict", salesMessages.notRevisable);
    }
    const newest = await newestRevisionOfSeries(tx, row.seriesId);
    if (newest && newest.state === "draft") throw new AppError("conflict", salesMessages.draftExists);
    const revisionId = randomUUID();
    const revision = (newest?.revision ?? row.revision) + 1;
    await insertRevision(tx, {
      id: revisionId,
      kind: row.kind,
      seriesId: row.seriesId,
      revision,
      number: row.number,
      year: row.year,
      sequence: row.sequence,
      userId: row.userId,
      companyId: row.companyId,
      email: row.email,
      name: row.name,
      note: row.note,
      validUntil: row.validUntil,
      dueDate: row.dueDate,
      currency: row.currency,
      totalCents: row.totalCents,
      recurringCents: row.recurringCents,
      recurringInterval: row.recurringInterval,
      forOrderId: row.forOrderId,
      startsWork: row.startsWork,
      token: row.token,
      createdBy: accountIdOf(caller),
      createdAt: ctx.now(),
    });
    await replaceLinesOf(tx, revisionId, await pricedLinesOf(tx, row.id));
    const at = ctx.now();
    await recordSalesEvent(tx, {
      documentId: revisionId,
      kind: "created",
      at,
      actor: teamMember(caller),
      note: `Revision ${revision} of ${row.number}`,
    });
    await recordSalesEvent(tx, {
      documentId: row.id,
      kind: "revised",
      at,
      actor: teamMember(caller),
      note: `Revision ${revision} is being written`,
    });
    return revisionId;
  });
}

/** Every revision of a series, oldest first (the detail page links them). */
export async function revisionsOf(
  db: Database,
  seriesId: string,
  now: Date,
): Promise<AdminSalesDetail["revisions"]> {
  const rows = await revisionsOfSeries(db, seriesId);
  return rows.map((row) => ({ _id: row.id, revision: row.revision, state: effectiveState(row, now) }));
}
