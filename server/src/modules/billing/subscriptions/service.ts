import {
  isId,
  subscriptionMessages as messages,
  type Subscription,
  type SubscriptionSummary,
  toMajor,
} from "@agency/contract";
import { sql } from "drizzle-orm";
import type { OrderRow } from "../../../auth/order-access.js";
import type { SessionUser } from "../../../auth/session.js";
import type { Database } from "../../../db/client.js";
import { readRowCounts } from "../../../db/row-counts.js";
import { subscriptions } from "../../../db/schema.js";
import { AppError, notFound } from "../../../errors.js";
import { emitDomainEvent } from "../../../events.js";
import { enqueue } from "../../../jobs/queue.js";
import type { BillingSync } from "../../../payment-providers/provider.js";
import { type Interval, periodEnd } from "../../../periods.js";
import { shopMoney } from "../../catalog/index.js";
import {
  insertSubscriptionRow,
  markSubscriptionCanceledAtPeriodEnd,
  markSubscriptionResumed,
  ownSubscriptionRow,
  ownSubscriptionRowLocked,
  type SubscriptionRow,
  setSubscriptionCancellation,
  setSubscriptionEnded,
  subscriptionsWithCardsOfOrders,
} from "./queries/subscriptions.js";
import { renewalBasisOf } from "./terms.js";

type Card = { brand: string; last4: string } | null;

function toSubscription(row: SubscriptionRow, card: Card): Subscription {
  return {
    _id: row.id,
    orderId: row.orderId,
    status: row.status,
    interval: row.interval,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    lastError: row.status === "past_due" ? row.lastError : null,
    card,
    cancellation: row.canceledAt ? { at: row.canceledAt.toISOString(), reason: row.cancelReason } : null,
  };
}

/** The subscriptions of these orders, by order id, with the saved card of each. */
export async function subscriptionsOfOrders(
  db: Database,
  orderIds: string[],
): Promise<Map<string, Subscription>> {
  if (orderIds.length === 0) return new Map();
  const rows = await subscriptionsWithCardsOfOrders(db, orderIds);
  return new Map(
    rows.map(({ subscription, card }) => [
      subscription.orderId,
      toSubscription(subscription, card ? { brand: card.cardBrand, last4: card.cardLast4 } : null),
    ]),
  );
}

/** The job that renews (or, once cancelled, ends) a subscription at `runAt`; one per period and attempt. */
export async function scheduleRenewal(tx: Database, row: SubscriptionRow, runAt: Date): Promise<void> {
  const { id, periodNumber, failureCount: attempt } = row;
  await enqueue(
    tx,
    "subscription.renew",
    { subscriptionId: id, periodNumber, attempt },
    { key: `subscription.renew:${id}:${periodNumber}:${attempt}`, runAt, maxAttempts: 5 },
  );
}

/**
 * The first payment of a monthly or yearly plan starts its subscription, in the payment's
 * transaction: the first period runs from the payment, and its end is when it renews.
 */
export async function startSubscription(
  tx: Database,
  input: {
    order: OrderRow;
    provider: string;
    start: Date;
    paymentMethodId: string | null;
    providerSubscriptionId?: string | null;
    end?: Date;
  },
): Promise<SubscriptionRow | null> {
  const { order, start } = input;
  const interval = order.serviceDuration;
  if (interval !== "monthly" && interval !== "yearly") return null;
  // Renewals charge the recurring lines at the prices the order was placed at (the plan and the
  // add-ons charged every period); a code for every renewal keeps its discount.
  const row = await insertSubscriptionRow(tx, {
    ...(await renewalBasisOf(tx, order)),
    orderId: order.id,
    userId: order.userId,
    planId: order.planId,
    interval,
    anchorAt: start,
    currentPeriodStart: start,
    currentPeriodEnd: input.end ?? periodEnd(start, interval as Interval, 0),
    provider: input.provider,
    providerSubscriptionId: input.providerSubscriptionId ?? null,
    paymentMethodId: input.paymentMethodId,
  });
  if (!row) throw new Error("The subscription was not started.");
  // Stripe Billing renews its subscriptions itself and reports each renewal by webhook.
  if (!row.providerSubscriptionId) await scheduleRenewal(tx, row, row.currentPeriodEnd);
  return row;
}

/** Over: no more renewals, and the customer may order the plan again. */
export async function endSubscription(
  tx: Database,
  row: SubscriptionRow,
  at: Date,
  lastError: string | null = null,
): Promise<void> {
  await setSubscriptionEnded(tx, row.id, at, lastError ?? row.lastError);
  await emitDomainEvent(tx, "subscription.ended", { subscription: row, endedAt: at });
}

/** The caller's own subscription; someone else's does not exist. */
export async function findOwnSubscription(db: Database, caller: SessionUser, id: string) {
  if (!isId(id)) throw notFound("The subscription");
  const row = await ownSubscriptionRow(db, caller.id, id);
  if (!row) throw notFound("The subscription");
  return row;
}

/** The caller's own subscription, locked for a change. */
export async function lockOwnSubscription(tx: Database, caller: SessionUser, id: string) {
  if (!isId(id)) throw notFound("The subscription");
  const row = await ownSubscriptionRowLocked(tx, caller.id, id);
  if (!row) throw notFound("The subscription");
  return row;
}

/** The subscription as the API shows it, after a change. */
export async function subscriptionOfOrder(db: Database, orderId: string): Promise<Subscription> {
  const subscription = (await subscriptionsOfOrders(db, [orderId])).get(orderId);
  if (!subscription) throw notFound("The subscription");
  return subscription;
}

/**
 * The customer cancels: an active subscription runs until the end of the period paid for, then
 * ends; a past-due one (its period unpaid) ends now and its retries stop.
 */
export async function cancelSubscription(
  db: Database,
  caller: SessionUser,
  id: string,
  options: { now: Date; billing?: BillingSync; reason?: string },
): Promise<Subscription> {
  const orderId = await db.transaction(async (tx) => {
    const row = await lockOwnSubscription(tx, caller, id);
    if (row.status === "ended") throw new AppError("conflict", messages.ended);
    if (row.status === "canceled") return row.orderId;
    if (row.providerSubscriptionId && options.billing) {
      if (row.status === "past_due") await options.billing.cancelNow(row.providerSubscriptionId);
      else await options.billing.setCancelAtPeriodEnd(row.providerSubscriptionId, true);
    }
    if (row.status === "past_due") {
      await endSubscription(tx, row, options.now);
    } else {
      await markSubscriptionCanceledAtPeriodEnd(tx, row.id);
    }
    await setSubscriptionCancellation(tx, row.id, options.now, options.reason || null);
    await enqueue(tx, "mail.subscription-canceled", { subscriptionId: row.id });
    await emitDomainEvent(tx, "subscription.cancelled", { subscription: row });
    return row.orderId;
  });
  return subscriptionOfOrder(db, orderId);
}

/** Undoes a cancellation before the period ends: it renews again as before. */
export async function resumeSubscription(
  db: Database,
  caller: SessionUser,
  id: string,
  options: { now: Date; billing?: BillingSync },
): Promise<Subscription> {
  const orderId = await db.transaction(async (tx) => {
    const row = await lockOwnSubscription(tx, caller, id);
    if (row.status === "active") return row.orderId;
    // Stripe's own clock decides for its subscriptions (and refuses to resume an ended one).
    const over = !row.providerSubscriptionId && row.currentPeriodEnd <= options.now;
    if (row.status === "ended" || over) {
      throw new AppError("conflict", messages.ended);
    }
    if (row.status !== "canceled") throw new AppError("conflict", messages.notCanceled);
    if (row.providerSubscriptionId && options.billing) {
      await options.billing.setCancelAtPeriodEnd(row.providerSubscriptionId, false);
    }
    await markSubscriptionResumed(tx, row.id);
    return row.orderId;
  });
  return subscriptionOfOrder(db, orderId);
}

/** What a subscription brings in a month, in cents: a yearly plan counts a twelfth of its price. */
export const monthlyValue = sql`case when ${subscriptions.interval} = 'yearly'
  then (${subscriptions.priceCents} + ${subscriptions.recurringLinesCents}) / 12.0
  else ${subscriptions.priceCents} + ${subscriptions.recurringLinesCents} end`;

/**
 * Monthly recurring revenue: what the subscriptions that will renew bring in a month at the
 * prices they renew at, add-ons charged every period included (a yearly plan counts a twelfth).
 */
export async function subscriptionSummary(db: Database): Promise<SubscriptionSummary> {
  // Kept by the subscriptions' count trigger (migration 0038): a few rows, however many there are.
  const [counts, { currency }] = await Promise.all([
    readRowCounts(db, [
      "subscriptions:active",
      "subscriptions:past_due",
      "subscriptions:canceled",
      "subscriptions_mrr_x12",
    ]),
    shopMoney(db),
  ]);
  return {
    monthlyRecurringRevenue: toMajor(Math.round(counts.subscriptions_mrr_x12 / 12), currency),
    currency,
    active: counts["subscriptions:active"],
    pastDue: counts["subscriptions:past_due"],
    canceled: counts["subscriptions:canceled"],
  };
}
