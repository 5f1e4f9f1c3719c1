import { createHash, randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { rateLimit } from "../db/schema.js";

/** Failed sign-ins to one account from one address before it has to wait. */
export const FAILURES_PER_ADDRESS = 5;
/** Failed sign-ins to one account from all addresses together before it has to wait. */
export const FAILURES_PER_ACCOUNT = 20;
/** The first wait; each further failure doubles it, up to `MAX_WAIT_MS`. */
const FIRST_WAIT_MS = 30_000;
const MAX_WAIT_MS = 15 * 60_000;
/** A day without failures and the count starts again. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

export type SignInLimits = {
  /** Seconds this address has to wait before it may try this account again; 0 when it may now. */
  waitSeconds(address: string, email: string): Promise<number>;
  failed(address: string, email: string): Promise<void>;
  succeeded(address: string, email: string): Promise<void>;
};

/** How long `failures` failures in a row keep an account closed after the last of them. */
function waitAfter(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - threshold), MAX_WAIT_MS);
}

/**
 * Failed sign-ins counted per account, from one address and from all of them, so a guesser
 * spread over many addresses still slows down, and one address's failures close only the
 * account they were aimed at: the right password and other accounts behind that address go on.
 *
 * The counts live in Better Auth's rate-limit table, beside its per-address counters, so every
 * instance sees them. Better Auth prunes rows whose `lastRequest` is older than its longest
 * window; these rows therefore keep in it the time they are to be forgotten (a day after the
 * last failure), from which the last failure is read back.
 */
export function signInLimits(db: Database, now: () => number = Date.now): SignInLimits {
  const keys = (address: string, email: string) => {
    // Counted under a digest of the address: the table holds no one's e-mail, even after the
    // account is deleted (its rows are forgotten a day later).
    const account = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
    return {
      fromAddress: `sign-in-failures|address|${address}|${account}`,
      fromAnywhere: `sign-in-failures|account|${account}`,
    };
  };

  return {
    async waitSeconds(address, email) {
      const { fromAddress, fromAnywhere } = keys(address, email);
      const rows = await db
        .select()
        .from(rateLimit)
        .where(inArray(rateLimit.key, [fromAddress, fromAnywhere]));
      const at = now();
      let until = 0;
      for (const row of rows) {
        if (row.lastRequest <= at) continue;
        const lastFailure = row.lastRequest - FORGET_AFTER_MS;
        const threshold = row.key === fromAddress ? FAILURES_PER_ADDRESS : FAILURES_PER_ACCOUNT;
        until = Math.max(until, lastFailure + waitAfter(row.count, threshold));
      }
      return Math.max(0, Math.ceil((until - at) / 1000));
    },

    async failed(address, email) {
      const at = now();
      const forgetAt = at + FORGET_AFTER_MS;
      for (const key of Object.values(keys(address, email))) {
        await db
          .insert(rateLimit)
          .values({ id: randomUUID(), key, count: 1, lastRequest: forgetAt })
          .onConflictDoUpdate({
            target: rateLimit.key,
            set: {
              count: sql`case when ${rateLimit.lastRequest} <= ${at} then 1 else ${rateLimit.count} + 1 end`,
              lastRequest: forgetAt,
            },
          });
      }
    },

    async succeeded(address, email) {
      await db.delete(rateLimit).where(inArray(rateLimit.key, Object.values(keys(address, email))));
    },
  };
}
