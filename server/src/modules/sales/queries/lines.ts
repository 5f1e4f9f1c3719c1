import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { salesDocumentLines } from "../../../db/schema.js";

export type SalesLineRow = typeof salesDocumentLines.$inferSelect;

/** A line as stored: its unit price in minor units of the document's currency. */
export type PricedLine = Pick<
  typeof salesDocumentLines.$inferInsert,
  "description" | "quantity" | "unitPriceCents" | "recurring" | "optional"
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
      optional: salesDocumentLines.optional,
    })
    .from(salesDocumentLines)
    .where(eq(salesDocumentLines.documentId, documentId))
    .orderBy(salesDocumentLines.position);
}

/** The client's choice of a quote's optional lines, by their place: these count, the others not. */
export async function chooseOptionalLines(tx: Database, documentId: string, positions: readonly number[]) {
  await tx
    .update(salesDocumentLines)
    .set({ chosen: false })
    .where(and(eq(salesDocumentLines.documentId, documentId), eq(salesDocumentLines.optional, true)));
  if (positions.length === 0) return;
  await tx
    .update(salesDocumentLines)
    .set({ chosen: true })
    .where(
      and(
        eq(salesDocumentLines.documentId, documentId),
        eq(salesDocumentLines.optional, true),
        inArray(salesDocumentLines.position, [...positions]),
      ),
    );
}
