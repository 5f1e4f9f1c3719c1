import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { companies, type DocumentBuyer, orders } from "../../db/schema.js";

const lines = (address: string) =>
  address
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

type CompanyPrint = Pick<typeof companies.$inferSelect, "name" | "address" | "vatId" | "detailsGivenAt">;

/** A company as documents print it: once its details are given; a company of one that gave none prints nothing. */
function asBuyer(row: CompanyPrint | undefined): DocumentBuyer | null {
  if (!row?.detailsGivenAt) return null;
  return { company: row.name, address: lines(row.address), vatId: row.vatId };
}

const printed = {
  name: companies.name,
  address: companies.address,
  vatId: companies.vatId,
  detailsGivenAt: companies.detailsGivenAt,
};

/** The company as a quote or invoice sent to it now prints it (null: the person only). */
export async function documentBuyer(db: Database, companyId: string | null): Promise<DocumentBuyer | null> {
  if (!companyId) return null;
  const [row] = await db.select(printed).from(companies).where(eq(companies.id, companyId));
  return asBuyer(row);
}

/** The company of the order as its receipt (or credit note) issued now prints it (null: the person only). */
export async function documentBuyerOfOrder(db: Database, orderId: string): Promise<DocumentBuyer | null> {
  const [row] = await db
    .select(printed)
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.id, orderId));
  return asBuyer(row);
}
