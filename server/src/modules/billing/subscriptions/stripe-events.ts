import type Stripe from "stripe";
import type { Clock } from "../../../clock.js";
import type { Database } from "../../../db/client.js";
import { emitDomainEvent } from "../../../events.js";
import { enqueue } from "../../../jobs/queue.js";
import type { PaymentProvider } from "../../../payment-providers/provider.js";
import { addPayment } from "../payments/ledger.js";
import { stripePaymentOfTransaction } from "../payments/queries.js";
import { recordPayment } from "../payments/service.js";
import type { ReceiptSettings } from "../receipts/issue.js";
import { recordRenewalFailure } from "./churn.js";
import { orderRowById } from "./queries/orders.js";
import {
  applyStripeSubscriptionState,
  markInvoicePastDue,
  setProviderEventAt,
  startInvoicedPeriod,
} from "./queries/periods.js";
import { stripeSubscriptionRow, subscriptionRowLocked } from "./queries/subscriptions.js";
import { endSubscription } from "./service.js";

export type BillingEventContext = {
  db: Database;
  clock: Clock;
  receipts: ReceiptSettings;
  /** Stripe, to look up the first invoice's PaymentIntent. */
  provider: PaymentProvider;
};

/** Stripe asks again later when the answer is an error: for an event that came before its cause. */
export class EventTooEarly extends Error {}

const seconds = (value: number) => new Date(value * 1000);

function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return typeof subscription === "string" ? subscription : (subscription?.id ?? null);
}

function orderIdOf(invoice: Stripe.Invoice): string | null {
  return invoice.parent?.subscription_details?.metadata?.orderId ?? null;
}

async function findSubscription(db: Database, providerSubscriptionId: string | null) {
  if (!providerSubscriptionId) return undefined;
  return stripeSubscriptionRow(db, providerSubscriptionId);
}

/**
 * The first invoice is paid by the PaymentIntent the card form confirmed: recorded as the order's
 * payment (once, whichever of the webhook and the browser's report comes first).
 */
async function recordFirstPayment(ctx: BillingEventContext, orderId: string | null): Promise<void> {
  if (!orderId) return;
  const order = await orderRowById(ctx.db, orderId);
  if (!order || order.paid || !order.paymentIntentId) return;
  const intent = await ctx.provider.retrieveIntent(order.paymentIntentId);
  if (intent?.status !== "succeeded")
    throw new EventTooEarly("The first invoice's payment has not succeeded yet.");
  await recordPayment(ctx.db, "stripe", { ...intent, orderId: order.id }, ctx.receipts);
}

/** A renewal invoice was paid: one payment and receipt per invoice, and the period moves on. */
async function invoicePaid(ctx: BillingEventContext, invoice: Stripe.Invoice): Promise<void> {
  await recordFirstPayment(ctx, orderIdOf(invoice));
  if (invoice.billing_reason === "subscription_create") return;
  const known = await findSubscription(ctx.db, subscriptionIdOf(invoice));
  if (!known) throw new EventTooEarly("The subscription of this invoice is not known yet.");
  const period = invoice.lines.data[0]?.period;
  if (!period) return;
  const start = seconds(period.start);
  const end = seconds(period.end);
  await ctx.db.transaction(async (tx) => {
    const row = await subscriptionRowLocked(tx, known.id);
    const order = await orderRowById(tx, known.orderId);
    if (!row || !order) return;
    const paidAt = invoice.status_transitions?.paid_at;
    const payment = await addPayment(tx, ctx.receipts, {
      order,
      provider: "stripe",
      intent: {
        id: invoice.id ?? "",
        clientSecret: "",
        status: "succeeded",
        amountCents: invoice.amount_paid,
        currency: invoice.currency,
        orderId: order.id,
        invoiceId: null,
        time: paidAt ? seconds(paidAt) : ctx.clock.now(),
        card: null,
      },
      period: { subscriptionId: row.id, start, end },
    });
    // A repeated delivery, or an invoice for a period already passed: nothing moves.
    if (!payment || end <= row.currentPeriodEnd || row.status === "ended") return;
    await startInvoicedPeriod(tx, row.id, row.cancelAtPeriodEnd ? "canceled" : "active", {
      number: row.periodNumber + 1,
      start,
      end,
    });
    await emitDomainEvent(tx, "subscription.renewed", { order, period: { start, end } });
  });
}

/** A renewal invoice's charge failed: past due until Stripe's retries pay it or it ends. */
async function invoiceFailed(ctx: BillingEventContext, invoice: Stripe.Invoice): Promise<void> {
  if (invoice.billing_reason === "subscription_create" || !invoice.id) return;
  const known = await findSubscription(ctx.db, subscriptionIdOf(invoice));
  if (!known) return;
  await ctx.db.transaction(async (tx) => {
    const row = await subscriptionRowLocked(tx, known.id);
    if (!row || row.status === "ended") return;
    // The invoice was paid after all (the failure arrived late): nothing is overdue.
    const paid = await stripePaymentOfTransaction(tx, invoice.id ?? "");
    if (paid) return;
    await recordRenewalFailure(tx, row, ctx.clock.now());
    await markInvoicePastDue(tx, row.id, {
      failureCount: Math.max(invoice.attempt_count, row.failureCount),
      nextAttemptAt: invoice.next_payment_attempt ? seconds(invoice.next_payment_attempt) : null,
      lastError: "The renewal payment was declined.",
    });
    if (row.status !== "past_due") await emitDomainEvent(tx, "subscription.past_due", { subscription: row });
    await enqueue(
      tx,
      "mail.subscription-payment-failed",
      { subscriptionId: row.id },
      { key: `subscription.payment-failed:${row.id}:${invoice.id}:${invoice.attempt_count}` },
    );
  });
}

/** Stripe's view of the subscription (cancellation, status, period), newest event first. */
async function subscriptionChanged(
  ctx: BillingEventContext,
  subscription: Stripe.Subscription,
  eventCreated: Date,
  deleted: boolean,
): Promise<void> {
  const known = await findSubscription(ctx.db, subscription.id);
  if (!known) return;
  await ctx.db.transaction(async (tx) => {
    const row = await subscriptionRowLocked(tx, known.id);
    if (!row || row.status === "ended") return;
    if (row.providerEventAt && eventCreated < row.providerEventAt) return;
    await setProviderEventAt(tx, row.id, eventCreated);
    if (deleted || subscription.status === "canceled") {
      await endSubscription(
        tx,
        row,
        subscription.ended_at ? seconds(subscription.ended_at) : ctx.clock.now(),
      );
      return;
    }
    const item = subscription.items.data[0];
    const status =
      subscription.status === "past_due" || subscription.status === "unpaid"
        ? "past_due"
        : subscription.status === "active"
          ? subscription.cancel_at_period_end
            ? "canceled"
            : "active"
          : row.status;
    await applyStripeSubscriptionState(tx, row.id, {
      status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      period:
        item && seconds(item.current_period_end) >= row.currentPeriodEnd
          ? { start: seconds(item.current_period_start), end: seconds(item.current_period_end) }
          : undefined,
    });
    if (status === "canceled" && row.status !== "canceled")
      await emitDomainEvent(tx, "subscription.cancelled", { subscription: row });
  });
}

/**
 * Stripe Billing's events. Each is safe to receive twice and in any order: payments are unique per
 * invoice, periods only move forward, and a subscription event older than the last one applied is
 * ignored.
 */
export async function applyBillingEvent(ctx: BillingEventContext, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "invoice.paid":
      return invoicePaid(ctx, event.data.object);
    case "invoice.payment_failed":
      return invoiceFailed(ctx, event.data.object);
    case "customer.subscription.updated":
      return subscriptionChanged(ctx, event.data.object, seconds(event.created), false);
    case "customer.subscription.deleted":
      return subscriptionChanged(ctx, event.data.object, seconds(event.created), true);
    default:
      return;
  }
}
