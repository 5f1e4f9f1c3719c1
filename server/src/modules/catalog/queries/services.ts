import type { ServiceBody } from "@agency/contract";
import { asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { services } from "../../../db/schema.js";

export type ServiceRow = typeof services.$inferSelect;
type ServiceColumns = Partial<typeof services.$inferInsert>;

/** Every service, archived ones too, in their order on the page. */
export function servicesInPageOrder(db: Database): Promise<ServiceRow[]> {
  return db.select().from(services).orderBy(asc(services.position), asc(services.createdAt));
}

/** The services visitors see (not archived), in their order on the page. */
export function shownServicesInPageOrder(db: Database): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .where(isNull(services.archivedAt))
    .orderBy(asc(services.position), asc(services.createdAt));
}

/** Stores a service after every other one; answers it as stored. */
export async function insertServiceLast(tx: Database, body: ServiceBody): Promise<ServiceRow | undefined> {
  const [inserted] = await tx
    .insert(services)
    .values({ ...body, position: sql`(select coalesce(max(position), -1) + 1 from ${services})` })
    .returning();
  return inserted;
}

export async function serviceByIdForUpdate(tx: Database, id: string): Promise<ServiceRow | undefined> {
  const [current] = await tx.select().from(services).where(eq(services.id, id)).for("update");
  return current;
}

/** The service as changed, or undefined when it is gone. */
export async function setServiceColumns(
  tx: Database,
  id: string,
  values: ServiceColumns,
): Promise<ServiceRow | undefined> {
  const [row] = await tx.update(services).set(values).where(eq(services.id, id)).returning();
  return row;
}
