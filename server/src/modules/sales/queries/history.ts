import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { salesDocumentEvents } from "../../../db/schema.js";

type SalesEventRow = typeof salesDocumentEvents.$inferSelect;

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

export function historyOldestFirst(db: Database, documentId: string): Promise<SalesEventRow[]> {
  return db
    .select()
    .from(salesDocumentEvents)
    .where(eq(salesDocumentEvents.documentId, documentId))
    .orderBy(asc(salesDocumentEvents.at), asc(salesDocumentEvents.id));
}

/** Whether the invoice's history says it was announced overdue. */
export async function hasOverdueEntry(tx: Database, documentId: string): Promise<boolean> {
  const [told] = await tx
    .select({ id: salesDocumentEvents.id })
    .from(salesDocumentEvents)
    .where(and(eq(salesDocumentEvents.documentId, documentId), eq(salesDocumentEvents.kind, "overdue")))
    .limit(1);
  return told !== undefined;
}

/**
 * Writes the history's entry of one reminder, unless it is there already (a unique index);
 * answers whether it wrote it.
 */
export async function recordReminderOnce(
  tx: Database,
  documentId: string,
  which: string,
  at: Date,
): Promise<boolean> {
  const [written] = await tx
    .insert(salesDocumentEvents)
    .values({ documentId, kind: "reminded", note: which, at })
    .onConflictDoNothing()
    .returning({ id: salesDocumentEvents.id });
  return written !== undefined;
}

/** The history shows this name where the account acted. */
export async function renameActorInHistory(tx: Database, actorId: string, name: string): Promise<void> {
  await tx
    .update(salesDocumentEvents)
    .set({ actorName: name })
    .where(eq(salesDocumentEvents.actorId, actorId));
}
