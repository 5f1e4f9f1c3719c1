import { sql } from "drizzle-orm";
import { deleteInBatches } from "../db/batched-delete.js";
import type { Database } from "../db/client.js";
import { rateLimit, session, verification } from "../db/schema.js";

/**
 * What the daily upkeep removes of sign-in's records, from before `before`: sessions that expired
 * then (a signed-out one is deleted at once), mailed tokens (address checks, password resets,
 * sign-in links) that expired then, and the rate-limit counters of addresses quiet since.
 */
export async function pruneExpiredSignIns(
  db: Database,
  before: Date,
): Promise<{ sessions: number; tokens: number; counters: number }> {
  const sessions = await deleteInBatches(db, session, session.id, sql`${session.expiresAt} < ${before}`);
  const tokens = await deleteInBatches(
    db,
    verification,
    verification.id,
    sql`${verification.expiresAt} < ${before}`,
  );
  const counters = await deleteInBatches(
    db,
    rateLimit,
    rateLimit.id,
    sql`${rateLimit.lastRequest} < ${before.getTime()}`,
  );
  return { sessions, tokens, counters };
}
