import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { payments, siteContent } from "../../db/schema.js";

type SiteContentRow = typeof siteContent.$inferSelect;

/** Every saved document of the site (identity, texts, currency), by key. */
export function allSiteContent(db: Database): Promise<SiteContentRow[]> {
  return db.select().from(siteContent);
}

/** The document saved under `key`, locked until the transaction ends; undefined when none is. */
export async function siteContentByKeyForUpdate(
  tx: Database,
  key: string,
): Promise<SiteContentRow | undefined> {
  const [current] = await tx.select().from(siteContent).where(eq(siteContent.key, key)).for("update");
  return current;
}

/** Stores `value` under `key`, in place of what was saved there. */
export async function saveSiteContentValue(tx: Database, key: string, value: unknown): Promise<void> {
  await tx
    .insert(siteContent)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteContent.key, set: { value, updatedAt: sql`now()` } });
}

/** Whether the shop ever took a payment. */
export async function anyPaymentTaken(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: payments.id }).from(payments).limit(1);
  return Boolean(row);
}
