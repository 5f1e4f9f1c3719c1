import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { type planAddons, type pricingPlans, type services, siteContent } from "../../../db/schema.js";

/** A table the editor reorders: each row has a position. */
export type OrderedTable = typeof services | typeof pricingPlans | typeof planAddons;

/** The ids of the list's rows (all when no scope) in their order, locked until the transaction ends. */
export function listIdsInOrderForUpdate(
  tx: Database,
  table: OrderedTable,
  scope: SQL | undefined,
): Promise<{ id: string }[]> {
  return tx
    .select({ id: table.id })
    .from(table)
    .where(scope)
    .orderBy(asc(table.position), asc(table.createdAt))
    .for("update");
}

export async function setListPosition(
  tx: Database,
  table: OrderedTable,
  id: string,
  position: number,
): Promise<void> {
  await tx.update(table).set({ position }).where(eq(table.id, id));
}

/** The value saved under a site_content key, or undefined when none is. */
export async function siteContentValue(db: Database, key: string): Promise<unknown> {
  const [row] = await db.select().from(siteContent).where(eq(siteContent.key, key));
  return row?.value;
}

/** Tells every instance listening on `channel` that `payload` changed. */
export async function notifyChannel(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
