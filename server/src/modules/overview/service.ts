import type { Overview } from "@agency/contract";
import { desc } from "drizzle-orm";
import { seesOnlyAssigned } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { payments } from "../../db/schema.js";
import { pastDueSubscriptions, recentCancellations } from "../billing/index.js";
import { shopMoney } from "../catalog/index.js";
import { computeOverview, type OverviewFigures } from "./figures.js";

/** How long one process answers with the figures it worked out (see docs/decisions/019). */
export const OVERVIEW_MAX_AGE_MS = 30_000;
/**
 * ...and how soon after a payment or refund it works them out again: money taken shows within
 * seconds, while a shop taking payments all the time does not recompute for every admin call.
 */
export const OVERVIEW_PAYMENT_DELAY_MS = 5_000;

/** The newest payment or refund recorded, by any process: one step down an index. */
async function newestPayment(db: Database): Promise<string> {
  const [row] = await db
    .select({ id: payments.id, createdAt: payments.createdAt })
    .from(payments)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row ? `${row.createdAt.toISOString()} ${row.id}` : "";
}

type Computed = { overview: OverviewFigures; at: number; newestPayment: string };

/**
 * The Overview of one app, kept for `maxAgeMs` by the app's clock, or for `paymentDelayMs` once
 * a payment or refund was recorded since; other changes (new customers, leads, orders,
 * subscriptions) show within `maxAgeMs`. Admins who open it at the same time share one computation.
 */
export function overviewSource(
  db: Database,
  clock: Clock,
  { maxAgeMs = OVERVIEW_MAX_AGE_MS, paymentDelayMs = OVERVIEW_PAYMENT_DELAY_MS } = {},
) {
  let latest: Computed | undefined;
  let pending: { newestPayment: string; currency: string; promise: Promise<OverviewFigures> } | undefined;

  // The latest cancellations and the past-due subscriptions are read on every call (a few rows
  // down an index each): an owner who was just told of one finds it here at once, not when the
  // figures are next worked out. They name orders, so a member who sees only their assigned
  // orders is shown those of theirs.
  return async function overview(caller: SessionUser): Promise<Overview> {
    const narrowed = seesOnlyAssigned(caller) ? { assigneeId: caller.id } : {};
    const [figures, cancellations, pastDue] = await Promise.all([
      cachedFigures(),
      recentCancellations(db, narrowed),
      pastDueSubscriptions(db, narrowed),
    ]);
    return { ...figures, recentCancellations: cancellations, pastDue };
  };

  async function cachedFigures(): Promise<OverviewFigures> {
    const [newest, { currency }] = await Promise.all([newestPayment(db), shopMoney(db)]);
    const now = clock.now();
    const age = latest ? now.getTime() - latest.at : Number.POSITIVE_INFINITY;
    // Figures written in another currency than the shop's now are worked out again at once.
    const current = latest?.overview.currency === currency;
    if (latest && current && age < (latest.newestPayment === newest ? maxAgeMs : paymentDelayMs)) {
      return latest.overview;
    }
    if (pending?.newestPayment !== newest || pending.currency !== currency) {
      const promise = computeOverview(db, now, currency)
        .then((overview) => {
          latest = { overview, at: now.getTime(), newestPayment: newest };
          return overview;
        })
        .finally(() => {
          if (pending?.promise === promise) pending = undefined;
        });
      pending = { newestPayment: newest, currency, promise };
    }
    return pending.promise;
  }
}
