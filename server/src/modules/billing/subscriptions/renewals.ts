import { type Subscription, subscriptionMessages, type UpdateCardBody } from "@agency/contract";
import type { SessionUser } from "../../../auth/session.js";
import type { Clock } from "../../../clock.js";
import type { Database } from "../../../db/client.js";
import type { orders } from "../../../db/schema.js";
import { AppError } from "../../../errors.js";
import { emitDomainEvent } from "../../../events.js";
import { enqueue, type JobPayloads } from "../../../jobs/queue.js";
import type { SavedCharge, TestProvider } from "../../../payment-providers/test-provider.js";
import { nextAttempt, periodEnd } from "../../../periods.js";
import { renewalChargeCents } from "../charges.js";
import { addPayment } from "../payments/ledger.js";
import type { ReceiptSettings } from "../receipts/issue.js";
import { recordRenewalFailure } from "./churn.js";
import { orderRowById } from "./queries/orders.js";
import { markRenewalPastDue, startRenewedPeriod } from "./queries/periods.js";
import {
  type SubscriptionRow,
  setSubscriptionPaymentMethod,
  subscriptionRowLocked,
} from "./queries/subscriptions.js";
import { endSubscription, lockOwnSubscription, scheduleRenewal, subscriptionOfOrder } from "./service.js";

export type RenewalContext = {
  db: Database;
  clock: Clock;
  receipts: ReceiptSettings;
  /** The offline provider, which charges saved cards; absent when Stripe Billing renews. */
  provider: TestProvider | undefined;
};

type OrderRow = typeof orders.$inferSelect;

async function orderOf(tx: Database, row: SubscriptionRow): Promise<OrderRow> {
  const order = await orderRowById(tx, row.orderId);
  if (!order) throw new Error("The subscription's order is missing.");
  return order;
}

async function charge(
  ctx: RenewalContext,
  tx: Database,
  row: SubscriptionRow,
  order: OrderRow,
): Promise<SavedCharge> {
  if (!ctx.provider || row.provider !== ctx.provider.name) {
    return { ok: false, message: "No card is saved for this subscription.", card: null };
  }
  // The subscription's own price (the plan's when bought, or a later change the owner applied to
  // renewals), less a promo code's discount when it was given for every renewal, in the order's
  // currency (whatever the shop sells in now).
  return ctx.provider.chargeSaved(tx, {
    paymentMethodId: row.paymentMethodId,
    orderId: row.orderId,
    amountCents: renewalChargeCents(row, order.currency),
    currency: order.currency,
  });
}

/** The period paid: a payment and receipt for the next period, which then becomes the current one. */
async function renewed(
  ctx: RenewalContext,
  tx: Database,
  row: SubscriptionRow,
  order: OrderRow,
  intent: SavedCharge & { ok: true },
) {
  const number = row.periodNumber + 1;
  const start = row.currentPeriodEnd;
  const end = periodEnd(row.anchorAt, row.interval, number);
  const payment = await addPayment(tx, ctx.receipts, {
    order,
    provider: row.provider,
    intent: intent.intent,
    period: { subscriptionId: row.id, start, end },
  });
  if (!payment) throw new Error("This period's renewal was recorded already.");
  const next = await startRenewedPeriod(tx, row.id, { number, start, end });
  if (next) await scheduleRenewal(tx, next, end);
  await emitDomainEvent(tx, "subscription.renewed", { order, period: { start, end } });
}

/** A renewal was declined: retried on the schedule, and after the last retry the subscription ends. */
async function declined(ctx: RenewalContext, tx: Database, row: SubscriptionRow, message: string) {
  await recordRenewalFailure(tx, row, ctx.clock.now());
  const failures = row.failureCount + 1;
  const retryAt = nextAttempt(row.currentPeriodEnd, failures);
  if (!retryAt) {
    await endSubscription(tx, row, ctx.clock.now(), message);
    await enqueue(tx, "mail.subscription-ended", { subscriptionId: row.id });
    return;
  }
  const next = await markRenewalPastDue(tx, row.id, {
    failureCount: failures,
    nextAttemptAt: retryAt,
    lastError: message,
  });
  if (next) await scheduleRenewal(tx, next, retryAt);
  await emitDomainEvent(tx, "subscription.past_due", { subscription: row });
  await enqueue(
    tx,
    "mail.subscription-payment-failed",
    { subscriptionId: row.id },
    { key: `subscription.payment-failed:${row.id}:${row.periodNumber}:${failures}` },
  );
}

/**
 * The scheduled renewal (or retry) of one period. The subscription's row is locked for the whole
 * charge, and the job names the period and attempt it is for: a second worker, a repeated job or
 * a renewal that already happened another way finds the subscription moved on and does nothing,
 * so a period is never charged twice.
 */
export async function runRenewal(ctx: RenewalContext, job: JobPayloads["subscription.renew"]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await subscriptionRowLocked(tx, job.subscriptionId);
    if (!row || row.periodNumber !== job.periodNumber || row.failureCount !== job.attempt) return;
    if (row.providerSubscriptionId || row.status === "ended") return;
    if (row.status === "canceled") {
      await endSubscription(tx, row, row.currentPeriodEnd);
      return;
    }
    const order = await orderOf(tx, row);
    const result = await charge(ctx, tx, row, order);
    if (result.ok) await renewed(ctx, tx, row, order, result);
    else await declined(ctx, tx, row, result.message);
  });
}

/**
 * The offline provider's "Update card": the new card is saved for the renewals, and a past-due
 * period is charged to it at once. A declined card changes nothing and says why.
 */
export async function updateTestCard(
  ctx: RenewalContext & { provider: TestProvider },
  caller: SessionUser,
  id: string,
  card: UpdateCardBody,
): Promise<Subscription> {
  const orderId = await ctx.db.transaction(async (tx) => {
    const row = await lockOwnSubscription(tx, caller, id);
    if (row.status === "ended") throw new AppError("conflict", subscriptionMessages.ended);
    const paymentMethodId = await ctx.provider.saveCard(tx, caller.id, {
      number: card.cardNumber,
      expiry: card.expiry,
      cvc: card.cvc,
    });
    const updated = await setSubscriptionPaymentMethod(tx, row.id, paymentMethodId);
    if (updated?.status === "past_due") {
      const order = await orderOf(tx, updated);
      const result = await charge(ctx, tx, updated, order);
      if (!result.ok) throw new AppError("unprocessable", result.message);
      await renewed(ctx, tx, updated, order, result);
    }
    return row.orderId;
  });
  return subscriptionOfOrder(ctx.db, orderId);
}
