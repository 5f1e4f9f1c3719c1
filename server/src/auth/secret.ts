import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { appState } from "../db/schema.js";

const KEY = "auth_secret";

/**
 * AUTH_SECRET when configured; otherwise one secret generated on first start and kept in the
 * database, so sessions survive restarts and every instance on the same database agrees.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appState)
    .values({ key: KEY, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appState).where(eq(appState.key, KEY));
  if (!row) throw new Error("Could not store the generated auth secret.");
  return row.value;
}
