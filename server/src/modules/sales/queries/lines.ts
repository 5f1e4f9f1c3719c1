import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { salesDocumentLines } from "../../../db/schema.js";

export type SalesLineRow = typeof salesDocumentLines.$inferSelect;

/** A line as stored: its unit price in minor units of the document's currency. */
export type PricedLine = Pick<
  typeof salesDocumentLines.$inferInsert,
  "description" | "quantity" | "unitPriceCents" | "recurring"
>;

/** The revision's lines are these now, in this order. */
export async function replaceLinesOf(tx: Database, documentId: string, lines: readonly PricedLine[]) {
  await tx.delete(salesDocumentLines).where(eq(salesDocumentLines.documentId, documentId));
  await tx
    .insert(salesDocumentLines)
    .values(lines.map((line, position) => ({ ...line, documentId, position })));
}

/** The lines of these revisions, revision by revision, each in its order. */
export function linesOfRevisions(db: Database, ids: string[]): Promise<SalesLineRow[]> {
  return db
    .select()
    .from(salesDocumentLines)
    .where(inArray(salesDocumentLines.documentId, ids))
    .orderBy(asc(salesDocumentLines.documentId), asc(salesDocumentLines.position));
}

/** The revision's lines as priced, in their order (what a new revision starts from). */
export function pricedLinesOf(tx: Database, documentId: string): Promise<PricedLine[]> {
  return tx
    .select({
      description: salesDocumentLines.description,
      quantity: salesDocumentLines.quantity,
      unitPriceCents: salesDocumentLines.unitPriceCents,
      recurring: salesDocumentLines.recurring,
    })
    .from(salesDocumentLines)
    .where(eq(salesDocumentLines.documentId, documentId))
    .orderBy(salesDocumentLines.position);
}
