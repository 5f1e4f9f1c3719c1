import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { webhookEndpoints } from "../../../db/schema.js";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
type EndpointColumns = Partial<Omit<typeof webhookEndpoints.$inferInsert, "id" | "createdAt">>;

export function endpointsOldestFirst(db: Database): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function endpointById(db: Database, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function insertEndpoint(
  tx: Database,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow | undefined> {
  const [inserted] = await tx.insert(webhookEndpoints).values(values).returning();
  return inserted;
}

/** The endpoint as changed, or undefined when it is gone. */
export async function updateEndpointRow(
  tx: Database,
  id: string,
  values: EndpointColumns,
): Promise<EndpointRow | undefined> {
  const [updated] = await tx
    .update(webhookEndpoints)
    .set(values)
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return updated;
}

export async function deleteEndpointRow(tx: Database, id: string): Promise<void> {
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** Marks an endpoint failing since `now` unless it already was; answers it as it is then. */
export async function markEndpointFailing(
  tx: Database,
  id: string,
  now: Date,
): Promise<EndpointRow | undefined> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

export async function turnOffEndpoint(tx: Database, id: string, at: Date, reason: string): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: at, disabledReason: reason })
    .where(eq(webhookEndpoints.id, id));
}
