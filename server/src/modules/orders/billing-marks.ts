import type { Database } from "../../db/client.js";
import type { DomainEvents } from "../../events.js";
import { setOrderEnded, setOrderPaid, setOrderPaymentIntent } from "./queries/orders.js";

/**
 * What billing's events write on the order's row: the payment it opened, the payment it recorded
 * and the end of the plan's subscription. Billing reads orders but cannot call this module (this
 * one asks billing for refunds and subscriptions), so it announces and the order keeps the facts.
 */

/** The provider's intent (and Stripe Billing's subscription) for the order's card form. */
export async function keepPaymentIntent(
  db: Database,
  { order, paymentIntentId, providerSubscriptionId }: DomainEvents["payment.opened"],
): Promise<void> {
  await setOrderPaymentIntent(db, order.id, paymentIntentId, providerSubscriptionId);
}

/** Paid, with the provider's transaction and when; in the payment's transaction. */
export async function markOrderPaid(
  tx: Database,
  { order, transactionId, paidAt }: DomainEvents["order.paid"],
): Promise<void> {
  await setOrderPaid(tx, order.id, transactionId, paidAt);
}

/** The plan's subscription ended: the order's plan is over. */
export async function markOrderEnded(
  tx: Database,
  { subscription, endedAt }: DomainEvents["subscription.ended"],
): Promise<void> {
  await setOrderEnded(tx, subscription.orderId, endedAt);
}
