import { and, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../../../db/client.js";
import { renewalFailures, subscriptions } from "../../../../db/schema.js";

/** Writes a period's failed renewal, unless its failure was written before. */
export async function insertRenewalFailureOnce(
  tx: Database,
  failure: { subscriptionId: string; periodNumber: number; failedAt: Date },
): Promise<void> {
  await tx.insert(renewalFailures).values(failure).onConflictDoNothing();
}

/** An instant as a parameter of the raw conditions below (the same text on PGlite and PostgreSQL). */
const instant = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/** How many renewals failed from `previous` to `current`, and from `current` to `next`. */
export async function failedRenewalsOfMonths(
  db: Database,
  months: { previous: Date; current: Date; next: Date },
): Promise<{ previous: number; current: number } | undefined> {
  const { previous, current, next } = months;
  const [failed] = await db
    .select({
      previous: sql`count(*) filter (where ${renewalFailures.failedAt} < ${instant(current)})`.mapWith(
        Number,
      ),
      current: sql`count(*) filter (where ${renewalFailures.failedAt} >= ${instant(current)})`.mapWith(
        Number,
      ),
    })
    .from(renewalFailures)
    .where(and(gte(renewalFailures.failedAt, previous), lt(renewalFailures.failedAt, next)));
  return failed;
}

/**
 * The ten most given reasons of the cancellations from `from` to `to` (in any case, most given
 * first), with how many gave each.
 */
export function cancelReasonsBetween(
  db: Database,
  from: Date,
  to: Date,
): Promise<{ reason: string | null; count: number }[]> {
  return db
    .select({
      reason: sql<string | null>`min(${subscriptions.cancelReason})`,
      count: sql`count(*)`.mapWith(Number),
    })
    .from(subscriptions)
    .where(and(gte(subscriptions.canceledAt, from), lt(subscriptions.canceledAt, to)))
    .groupBy(sql`lower(${subscriptions.cancelReason})`)
    .orderBy(sql`count(*) desc`, sql`1`)
    .limit(10);
}
