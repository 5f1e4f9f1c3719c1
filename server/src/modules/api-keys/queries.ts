import { desc, eq } from "drizzle-orm";
import type { ApiKeyRow } from "../../auth/api-keys.js";
import type { Database } from "../../db/client.js";
import { apiKeys, user } from "../../db/schema.js";

/** A key with its maker's role and suspension as they are now (null for a maker gone). */
export type KeyWithMaker = { key: ApiKeyRow; makerRole: string | null; makerSuspendedAt: Date | null };

export async function keyWithMakerById(db: Database, id: string): Promise<KeyWithMaker | undefined> {
  const [found] = await db
    .select({ key: apiKeys, makerRole: user.role, makerSuspendedAt: user.suspendedAt })
    .from(apiKeys)
    .leftJoin(user, eq(user.id, apiKeys.createdBy))
    .where(eq(apiKeys.id, id));
  return found;
}

/** Every key with its maker, newest first. */
export function keysWithMakersNewestFirst(db: Database): Promise<KeyWithMaker[]> {
  return db
    .select({ key: apiKeys, makerRole: user.role, makerSuspendedAt: user.suspendedAt })
    .from(apiKeys)
    .leftJoin(user, eq(user.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function keyForUpdate(tx: Database, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for("update");
  return row;
}
