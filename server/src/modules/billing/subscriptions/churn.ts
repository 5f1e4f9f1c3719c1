import {
  defaultCurrency,
  OVERVIEW_PAST_DUE_LIMIT,
  type OverviewChurn,
  type OverviewChurnMonth,
  type OverviewPastDue,
  type SubscriptionSummary,
  toMajor,
  toMinor,
} from "@agency/contract";
import { and, asc, eq, gte, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { orders, renewalFailures, subscriptions } from "../../../db/schema.js";
import { renewalChargeCents } from "../charges.js";
import { monthlyValue, subscriptionSummary } from "./service.js";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * A renewal was declined: the period's failure is written once (at its first failure), so the
 * Overview counts failed renewals, not retries. Inside the transaction that records the decline.
 */
export async function recordRenewalFailure(tx: Database, row: SubscriptionRow, at: Date): Promise<void> {
  await tx
    .insert(renewalFailures)
    .values({ subscriptionId: row.id, periodNumber: row.periodNumber, failedAt: at })
    .onConflictDoNothing();
}

/** When it stopped renewing: cancelled by its customer, or ended (null while it renews). */
const stoppedAt = sql`coalesce(${subscriptions.canceledAt}, ${subscriptions.endedAt})`;
const renewingNow = sql`${subscriptions.status} in ('active', 'past_due')`;

const monthKey = (start: Date) => start.toISOString().slice(0, 7);
/** An instant as a parameter of the raw conditions below (the same text on PGlite and PostgreSQL). */
const instant = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/**
 * Churn this month and the month before (UTC calendar months), at `now`.
 *
 * The churn rate of a month is the monthly recurring revenue (MRR) lost in it divided by the MRR
 * at its first instant:
 * - MRR at an instant t: the monthly value (a yearly plan's price ÷ 12, at the price it renews at
 *   today) of the subscriptions renewing at t: started (`anchor_at`) before t and not stopped by
 *   t, where a subscription stops when its customer cancels it (`canceled_at`; it is not renewed
 *   at the end of the period paid) or when it ends without that (`ended_at`: a renewal failed for
 *   good, or the agency cancelled the order). A resumed cancellation no longer counts.
 * - MRR lost in the month: the monthly value of those renewing at the month's start that stopped
 *   during it. Subscriptions started during the month are in neither, so the rate is between 0
 *   and 1.
 *
 * No subscription is read but those that started or stopped since the previous month began
 * (three index ranges): the MRR at a month's start is today's MRR (`mrrCents`, the subscriptions
 * summary's), less what started since and still renews, plus what was renewing then and stopped
 * since.
 */
async function churnFigures(
  db: Database,
  now: Date,
  recurring: () => { mrrCents: number; currency: string },
): Promise<OverviewChurn> {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const previous = new Date(Date.UTC(year, month - 1, 1));
  const current = new Date(Date.UTC(year, month, 1));
  const next = new Date(Date.UTC(year, month + 1, 1));
  const sumOf = (condition: ReturnType<typeof sql>) =>
    sql`coalesce(sum(${monthlyValue}) filter (where ${condition}), 0)`.mapWith(Number);
  const countOf = (condition: ReturnType<typeof sql>) =>
    sql`count(*) filter (where ${condition})`.mapWith(Number);
  const startedSince = (from: Date) =>
    sumOf(sql`${subscriptions.anchorAt} >= ${instant(from)} and ${subscriptions.canceledAt} is null
      and ${subscriptions.endedAt} is null and ${renewingNow}`);
  const stoppedBetween = (startedBefore: Date, from: Date, to?: Date) =>
    sumOf(sql`${subscriptions.anchorAt} < ${instant(startedBefore)} and ${stoppedAt} >= ${instant(from)}
      ${to ? sql`and ${stoppedAt} < ${instant(to)}` : sql``}`);
  const cancelledIn = (from: Date, to: Date) =>
    countOf(
      sql`${subscriptions.canceledAt} >= ${instant(from)} and ${subscriptions.canceledAt} < ${instant(to)}`,
    );

  const [[moved], [failed], reasons] = await Promise.all([
    db
      .select({
        newSincePrevious: startedSince(previous),
        newSinceCurrent: startedSince(current),
        stoppedSincePrevious: stoppedBetween(previous, previous),
        stoppedSinceCurrent: stoppedBetween(current, current),
        lostPrevious: stoppedBetween(previous, previous, current),
        lostCurrent: stoppedBetween(current, current, next),
        cancelledPrevious: cancelledIn(previous, current),
        cancelledCurrent: cancelledIn(current, next),
      })
      .from(subscriptions)
      .where(
        or(
          gte(subscriptions.anchorAt, previous),
          gte(subscriptions.canceledAt, previous),
          gte(subscriptions.endedAt, previous),
        ),
      ),
    db
      .select({
        previous: sql`count(*) filter (where ${renewalFailures.failedAt} < ${instant(current)})`.mapWith(
          Number,
        ),
        current: sql`count(*) filter (where ${renewalFailures.failedAt} >= ${instant(current)})`.mapWith(
          Number,
        ),
      })
      .from(renewalFailures)
      .where(and(gte(renewalFailures.failedAt, previous), lt(renewalFailures.failedAt, next))),
    db
      .select({
        reason: sql<string | null>`min(${subscriptions.cancelReason})`,
        count: sql`count(*)`.mapWith(Number),
      })
      .from(subscriptions)
      .where(and(gte(subscriptions.canceledAt, current), lt(subscriptions.canceledAt, next)))
      .groupBy(sql`lower(${subscriptions.cancelReason})`)
      .orderBy(sql`count(*) desc`, sql`1`)
      .limit(10),
  ]);
  const { mrrCents: mrr, currency } = recurring();
  const figures = moved ?? {
    newSincePrevious: 0,
    newSinceCurrent: 0,
    stoppedSincePrevious: 0,
    stoppedSinceCurrent: 0,
    lostPrevious: 0,
    lostCurrent: 0,
    cancelledPrevious: 0,
    cancelledCurrent: 0,
  };
  const churnMonth = (
    start: Date,
    atStartCents: number,
    lostCents: number,
    cancellations: number,
    failedRenewals: number,
  ): OverviewChurnMonth => {
    // Never below nothing, even if a subscription's dates were edited by hand out of step with its status.
    const atStart = Math.max(0, Math.round(atStartCents));
    const lost = Math.round(lostCents);
    return {
      month: monthKey(start),
      cancellations,
      failedRenewals,
      recurringRevenueAtStart: toMajor(atStart, currency),
      recurringRevenueLost: toMajor(lost, currency),
      churnRate: atStart > 0 ? Math.round((lost / atStart) * 10_000) / 10_000 : null,
    };
  };
  return {
    previousMonth: churnMonth(
      previous,
      mrr - figures.newSincePrevious + figures.stoppedSincePrevious,
      figures.lostPrevious,
      figures.cancelledPrevious,
      failed?.previous ?? 0,
    ),
    thisMonth: churnMonth(
      current,
      mrr - figures.newSinceCurrent + figures.stoppedSinceCurrent,
      figures.lostCurrent,
      figures.cancelledCurrent,
      failed?.current ?? 0,
    ),
    reasons: reasons.map((row) => ({ reason: row.reason, count: row.count })),
  };
}

/**
 * The subscriptions summary (counts and MRR, see `subscriptionSummary`) and the churn worked out
 * from it, read side by side.
 */
export async function subscriptionFigures(
  db: Database,
  now: Date,
): Promise<{ summary: SubscriptionSummary; churn: OverviewChurn }> {
  let summary: SubscriptionSummary | undefined;
  const [, churn] = await Promise.all([
    subscriptionSummary(db).then((read) => {
      summary = read;
    }),
    churnFigures(db, now, () => {
      const currency = summary?.currency ?? defaultCurrency;
      return { mrrCents: toMinor(summary?.monthlyRecurringRevenue ?? 0, currency), currency };
    }),
  ]);
  if (!summary) throw new Error("The subscriptions summary was not read.");
  return { summary, churn };
}
