import {
  type SalesDocument,
  type SalesHistoryEntry,
  type SalesLine,
  type SalesSignature,
  type SalesState,
  salesLabel,
  toMajor,
} from "@agency/contract";
import type { Database } from "../../db/client.js";
import type { SalesRow } from "./queries/documents.js";
import { historyOldestFirst } from "./queries/history.js";
import { linesOfRevisions, type SalesLineRow } from "./queries/lines.js";
import { numbersOfOrders, settledCentsOfRevisions } from "./queries/settlement.js";
import { signaturesOf } from "./queries/signatures.js";

/** The day (UTC) a moment falls on, as the dates of quotes and invoices are written. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The state shown: a quote still waiting after its valid-until day has expired, and an invoice
 * still unpaid after its due day is overdue (a quote is valid through its last day).
 */
export function effectiveState(
  row: Pick<SalesRow, "kind" | "state" | "validUntil" | "dueDate">,
  now: Date,
): SalesState {
  if (row.state !== "sent" && row.state !== "viewed") return row.state;
  const today = dayOf(now);
  if (row.kind === "quote" && row.validUntil && today > row.validUntil) return "expired";
  if (row.kind === "invoice" && row.dueDate && today > row.dueDate) return "overdue";
  return row.state;
}

function toLine(row: SalesLineRow, currency: string): SalesLine {
  return {
    description: row.description,
    quantity: row.quantity,
    unitPrice: toMajor(row.unitPriceCents, currency),
    recurring: row.recurring,
    amount: toMajor(row.quantity * row.unitPriceCents, currency),
    optional: row.optional,
    chosen: row.chosen,
  };
}

const instant = (value: Date | null) => value?.toISOString() ?? null;

/** What a document shows besides its own row: the money received for it and its order's number. */
export type SalesMoney = {
  settledCents: number;
  forOrderNumber: number | null;
  /** How a quote was signed as it was accepted. */
  signature?: SalesSignature | null;
};
const noMoney: SalesMoney = { settledCents: 0, forOrderNumber: null };

export function toSalesDocument(
  row: SalesRow,
  lines: SalesLineRow[],
  now: Date,
  money: SalesMoney = noMoney,
): SalesDocument {
  // A paid one paid by its order's card owes nothing, whatever payments carry the document.
  const settled = row.state === "paid" ? Math.max(money.settledCents, row.totalCents) : money.settledCents;
  return {
    _id: row.id,
    kind: row.kind,
    number: row.number,
    revision: row.revision,
    label: salesLabel(row),
    state: effectiveState(row, now),
    email: row.email,
    name: row.name,
    companyId: row.companyId,
    buyer: row.buyer,
    lines: lines.map((line) => toLine(line, row.currency)),
    note: row.note,
    validUntil: row.validUntil,
    dueDate: row.dueDate,
    currency: row.currency,
    total: toMajor(row.totalCents, row.currency),
    recurring: row.recurringInterval
      ? { amount: toMajor(row.recurringCents, row.currency), interval: row.recurringInterval }
      : null,
    sentAt: instant(row.sentAt),
    viewedAt: instant(row.viewedAt),
    acceptedAt: instant(row.acceptedAt),
    declinedAt: instant(row.declinedAt),
    declineReason: row.declineReason,
    paidAt: instant(row.paidAt),
    voidedAt: instant(row.voidedAt),
    orderId: row.orderId,
    forOrderId: row.forOrderId,
    forOrderNumber: money.forOrderNumber,
    signature: money.signature ?? null,
    startsWork: row.startsWork,
    amountPaid: toMajor(Math.max(0, money.settledCents), row.currency),
    amountDue: toMajor(Math.max(0, row.totalCents - settled), row.currency),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The lines of these revisions, by revision id, in their order (one query). */
export async function linesOf(db: Database, ids: string[]): Promise<Map<string, SalesLineRow[]>> {
  const byDocument = new Map<string, SalesLineRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byDocument;
  const rows = await linesOfRevisions(db, ids);
  for (const row of rows) byDocument.get(row.documentId)?.push(row);
  return byDocument;
}

/** The money received for these revisions and the numbers of the orders they bill for (two queries). */
export async function moneyOf(db: Database, rows: SalesRow[]): Promise<Map<string, SalesMoney>> {
  const forOrders = [...new Set(rows.flatMap((row) => (row.forOrderId ? [row.forOrderId] : [])))];
  const [settled, numbers, signatures] = await Promise.all([
    settledCentsOfRevisions(
      db,
      rows.filter((row) => row.kind === "invoice").map((row) => row.id),
    ),
    numbersOfOrders(db, forOrders),
    signaturesOf(
      db,
      rows.filter((row) => row.kind === "quote" && row.acceptedAt).map((row) => row.id),
    ),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        settledCents: settled.get(row.id) ?? 0,
        forOrderNumber: row.forOrderId ? (numbers.get(row.forOrderId) ?? null) : null,
        signature: signatures.get(row.id) ?? null,
      },
    ]),
  );
}

export async function presentOne(db: Database, row: SalesRow, now: Date): Promise<SalesDocument> {
  const [lines, money] = await Promise.all([linesOf(db, [row.id]), moneyOf(db, [row])]);
  return toSalesDocument(row, lines.get(row.id) ?? [], now, money.get(row.id));
}

export async function historyOf(db: Database, id: string): Promise<SalesHistoryEntry[]> {
  const rows = await historyOldestFirst(db, id);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    kind: row.kind,
    actor: row.actorName,
    note: row.note,
  }));
}
