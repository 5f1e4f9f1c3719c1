import {
  type OverviewChurn,
  type OverviewChurnMonth,
  type SubscriptionSummary,
  toMajor,
  toMinor,
} from "@agency/contract";
import type { Database } from "../../../db/client.js";
import { readRowCounts } from "../../../db/row-counts.js";
import type { subscriptions } from "../../../db/schema.js";
import { cancelReasonsBetween, failedRenewalsOfMonths, insertRenewalFailureOnce } from "./queries/churn.js";
import { subscriptionSummary } from "./service.js";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * A renewal was declined: the period's failure is written once (at its first failure), so the
 * Overview counts failed renewals, not retries. Inside the transaction that records the decline.
 */
export async function recordRenewalFailure(tx: Database, row: SubscriptionRow, at: Date): Promise<void> {
  await insertRenewalFailureOnce(tx, {
    subscriptionId: row.id,
    periodNumber: row.periodNumber,
    failedAt: at,
  });
}

const monthKey = (start: Date) => start.toISOString().slice(0, 7);

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
 * No subscription is read: a trigger keeps, per month, the value of what started in it and still
 * renews, of what stopped in it (by whether it started the month before or earlier), and the
 * number of cancellations (migration 0044). The MRR at a month's start is today's MRR (`mrrCents`,
 * the subscriptions summary's), less what started since and still renews, plus what was renewing
 * then and stopped since. Only the reasons and the failed renewals are read from their rows.
 */
async function churnFigures(
  db: Database,
  now: Date,
  recurring: Promise<{ mrrCents: number; currency: string }>,
): Promise<OverviewChurn> {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const previous = new Date(Date.UTC(year, month - 1, 1));
  const current = new Date(Date.UTC(year, month, 1));
  const next = new Date(Date.UTC(year, month + 1, 1));
  const P = monthKey(previous);
  const C = monthKey(current);
  const [failed, reasons, counts, { mrrCents: mrr, currency }] = await Promise.all([
    failedRenewalsOfMonths(db, { previous, current, next }),
    cancelReasonsBetween(db, current, next),
    readRowCounts(db, [
      `churn_started_x12:${P}`,
      `churn_started_x12:${C}`,
      `churn_stopped_x12:${P}:previous`,
      `churn_stopped_x12:${P}:earlier`,
      `churn_stopped_x12:${C}:previous`,
      `churn_stopped_x12:${C}:earlier`,
      `churn_cancelled:${P}`,
      `churn_cancelled:${C}`,
    ] as const),
    recurring,
  ]);
  // Kept per month by a trigger (migration 0044), in twelve times the monthly value. A
  // subscription starts and stops when it happens (its first payment, its cancellation or end),
  // so nothing has started or stopped in a month after the current one.
  const x12 = (name: keyof typeof counts) => (counts[name] ?? 0) / 12;
  const stoppedIn = (month: string, anchored: "previous" | "earlier") =>
    x12(`churn_stopped_x12:${month}:${anchored}`);
  const figures = {
    newSincePrevious: x12(`churn_started_x12:${P}`) + x12(`churn_started_x12:${C}`),
    newSinceCurrent: x12(`churn_started_x12:${C}`),
    // Renewing at the previous month's start and stopped since: in it, or in this month when
    // anchored before it.
    stoppedSincePrevious: stoppedIn(P, "previous") + stoppedIn(P, "earlier") + stoppedIn(C, "earlier"),
    stoppedSinceCurrent: stoppedIn(C, "previous") + stoppedIn(C, "earlier"),
    lostPrevious: stoppedIn(P, "previous") + stoppedIn(P, "earlier"),
    lostCurrent: stoppedIn(C, "previous") + stoppedIn(C, "earlier"),
    cancelledPrevious: counts[`churn_cancelled:${P}`] ?? 0,
    cancelledCurrent: counts[`churn_cancelled:${C}`] ?? 0,
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
  const summaryRead = subscriptionSummary(db);
  // The churn waits for the summary's MRR: on a pool the two are read on separate connections
  // and either may answer first.
  const recurring = summaryRead.then((summary) => ({
    mrrCents: toMinor(summary.monthlyRecurringRevenue, summary.currency),
    currency: summary.currency,
  }));
  const [summary, churn] = await Promise.all([summaryRead, churnFigures(db, now, recurring)]);
  return { summary, churn };
}
