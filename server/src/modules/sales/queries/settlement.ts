import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { orders, payments, salesDocuments } from "../../../db/schema.js";

/**
 * What the payments of these revisions' series brought in, less refunds, by revision id: billing
 * writes the payments (an invoice's, card or recorded, carry its revision); any revision of a
 * series shows the series' money, since a revision replaces the one that was partly paid.
 */
export async function settledCentsOfRevisions(db: Database, ids: string[]): Promise<Map<string, number>> {
  const settled = new Map<string, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return settled;
  const shown = db
    .select({ id: salesDocuments.id, seriesId: salesDocuments.seriesId })
    .from(salesDocuments)
    .where(inArray(salesDocuments.id, ids))
    .as("shown");
  const rows = await db
    .select({ id: shown.id, cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(shown)
    .innerJoin(salesDocuments, eq(salesDocuments.seriesId, shown.seriesId))
    .innerJoin(payments, eq(payments.salesDocumentId, salesDocuments.id))
    .groupBy(shown.id);
  for (const row of rows) settled.set(row.id, row.cents);
  return settled;
}

/** The numbers of the orders invoices bill for, by order id. */
export async function numbersOfOrders(db: Database, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.number]));
}

/** An order's company (undefined: no such order), to check the order an invoice bills for. */
export async function companyOfOrder(
  db: Database,
  id: string,
): Promise<{ companyId: string | null } | undefined> {
  const [row] = await db.select({ companyId: orders.companyId }).from(orders).where(eq(orders.id, id));
  return row;
}
