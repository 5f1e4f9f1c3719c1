import { Overview } from "@agency/contract";
import { seesOnlyAssigned } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { type Precompressed, precompressJson } from "../../plugins/compression.js";
import { cancellationsFromJson, pastDueFromJson } from "../billing/index.js";
import { shopMoney } from "../catalog/index.js";
import { computeOverview, type OverviewFigures } from "./figures.js";
import { newestPaymentAndSubscriptionWrites } from "./queries.js";

/** How long one process answers with the figures it worked out (see docs/decisions/019). */
export const OVERVIEW_MAX_AGE_MS = 30_000;
/**
 * ...and how soon after a payment or refund it works them out again: money taken shows within
 * seconds, while a shop taking payments all the time does not recompute for every admin call.
 */
export const OVERVIEW_PAYMENT_DELAY_MS = 5_000;

type Lists = Pick<Overview, "recentCancellations" | "pastDue">;

/** The newest payment, the subscription writes and, when asked for, the lists (see the query). */
async function readLive(db: Database, lists?: { assigneeId?: string }) {
  const row = await newestPaymentAndSubscriptionWrites(db, lists);
  return {
    newestPayment: row?.newest ?? "",
    writes: row?.writes ?? 0,
    lists: {
      recentCancellations: cancellationsFromJson(row?.cancellations ?? []),
      pastDue: pastDueFromJson(row?.past_due ?? []),
    } satisfies Lists,
  };
}

const documentOf = (overview: Overview) => precompressJson(Overview.parse(overview));

type Computed = { overview: OverviewFigures; at: number; newestPayment: string };

/**
 * The Overview of one app, kept for `maxAgeMs` by the app's clock, or for `paymentDelayMs` once
 * a payment or refund was recorded since; other changes (new customers, leads, orders,
 * subscriptions) show within `maxAgeMs`. Admins who open it at the same time share one computation.
 * The lists of cancellations and past-due subscriptions show every change at once: they are kept
 * only while no subscription was written since they were read (and `maxAgeMs` at most, for the
 * orders they name), and read afresh for a member who sees only their assigned orders.
 */
export function overviewSource(
  db: Database,
  clock: Clock,
  { maxAgeMs = OVERVIEW_MAX_AGE_MS, paymentDelayMs = OVERVIEW_PAYMENT_DELAY_MS } = {},
) {
  let latest: Computed | undefined;
  let pending: { newestPayment: string; currency: string; promise: Promise<OverviewFigures> } | undefined;

  let keptLists: { writes: number; at: number; lists: Lists } | undefined;
  let kept: { figures: OverviewFigures; lists: Lists; document: Precompressed } | undefined;

  /**
   * The caller's Overview as the API sends it: checked against its schema, serialised and
   * compressed once for as long as its figures and lists stay the same (with a validator, so a
   * browser that has it gets a 304), not on every call.
   */
  return async function overviewDocument(caller: SessionUser): Promise<Precompressed> {
    if (seesOnlyAssigned(caller)) {
      const live = await readLive(db, { assigneeId: caller.id });
      return documentOf({ ...(await cachedFigures(live.newestPayment)), ...live.lists });
    }
    const live = await readLive(db);
    const figures = await cachedFigures(live.newestPayment);
    const lists = await everyonesLists(live.writes);
    if (kept?.figures !== figures || kept.lists !== lists) {
      kept = { figures, lists, document: documentOf({ ...figures, ...lists }) };
    }
    return kept.document;
  };

  async function everyonesLists(writes: number): Promise<Lists> {
    const now = clock.now().getTime();
    if (keptLists?.writes === writes && now - keptLists.at < maxAgeMs) return keptLists.lists;
    const read = await readLive(db, {});
    keptLists = { writes: read.writes, at: now, lists: read.lists };
    return read.lists;
  }

  async function cachedFigures(newest: string): Promise<OverviewFigures> {
    const { currency } = await shopMoney(db);
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
