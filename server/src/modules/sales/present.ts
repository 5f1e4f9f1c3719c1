import {
  type SalesDocument,
  type SalesHistoryEntry,
  type SalesLine,
  type SalesState,
  salesLabel,
  toMajor,
} from "@agency/contract";
import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { salesDocumentEvents, salesDocumentLines, salesDocuments } from "../../db/schema.js";

export type SalesRow = typeof salesDocuments.$inferSelect;
export type SalesLineRow = typeof salesDocumentLines.$inferSelect;

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

/** SQL: the rows whose shown state (see `effectiveState`) is `state` on `now`'s day. */
export function stateIs(state: SalesState, now: Date): SQL {
  const today = dayOf(now);
  const waiting = inArray(salesDocuments.state, ["sent", "viewed"]);
  const expired = sql`(${salesDocuments.kind} = 'quote' and ${salesDocuments.validUntil} < ${today}::date)`;
  const overdue = sql`(${salesDocuments.kind} = 'invoice' and ${salesDocuments.dueDate} < ${today}::date)`;
  if (state === "expired") return and(waiting, expired) as SQL;
  if (state === "overdue") return and(waiting, overdue) as SQL;
  if (state === "sent" || state === "viewed") {
    return and(eq(salesDocuments.state, state), sql`not ${or(expired, overdue)}`) as SQL;
  }
  return eq(salesDocuments.state, state);
}

function toLine(row: SalesLineRow, currency: string): SalesLine {
  return {
    description: row.description,
    quantity: row.quantity,
    unitPrice: toMajor(row.unitPriceCents, currency),
    recurring: row.recurring,
    amount: toMajor(row.quantity * row.unitPriceCents, currency),
  };
}

const instant = (value: Date | null) => value?.toISOString() ?? null;

export function toSalesDocument(row: SalesRow, lines: SalesLineRow[], now: Date): SalesDocument {
  return {
    _id: row.id,
    kind: row.kind,
    number: row.number,
    revision: row.revision,
    label: salesLabel(row),
    state: effectiveState(row, now),
    email: row.email,
    name: row.name,
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
    createdAt: row.createdAt.toISOString(),
  };
}

/** The lines of these revisions, by revision id, in their order (one query). */
export async function linesOf(db: Database, ids: string[]): Promise<Map<string, SalesLineRow[]>> {
  const byDocument = new Map<string, SalesLineRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byDocument;
  const rows = await db
    .select()
    .from(salesDocumentLines)
    .where(inArray(salesDocumentLines.documentId, ids))
    .orderBy(asc(salesDocumentLines.documentId), asc(salesDocumentLines.position));
  for (const row of rows) byDocument.get(row.documentId)?.push(row);
  return byDocument;
}

export async function presentOne(db: Database, row: SalesRow, now: Date): Promise<SalesDocument> {
  return toSalesDocument(row, (await linesOf(db, [row.id])).get(row.id) ?? [], now);
}

export async function historyOf(db: Database, id: string): Promise<SalesHistoryEntry[]> {
  const rows = await db
    .select()
    .from(salesDocumentEvents)
    .where(eq(salesDocumentEvents.documentId, id))
    .orderBy(asc(salesDocumentEvents.at), asc(salesDocumentEvents.id));
  return rows.map((row) => ({
    at: row.at.toISOString(),
    kind: row.kind,
    actor: row.actorName,
    note: row.note,
  }));
}

/** Writes one entry of a revision's history, at billing's `now`. */
export async function recordSalesEvent(
  tx: Database,
  entry: {
    documentId: string;
    kind: string;
    at: Date;
    actor?: { id: string | null; name: string } | null;
    note?: string | null;
  },
) {
  await tx.insert(salesDocumentEvents).values({
    documentId: entry.documentId,
    kind: entry.kind,
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    note: entry.note ?? null,
    at: entry.at,
  });
}
