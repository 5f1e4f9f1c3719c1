import Stripe from "stripe";
import type { BillingSync } from "./provider.js";

/**
 * A plan as Stripe renews it: `priceCents` is what every renewal charges (its add-ons and discount
 * in it), in minor units of the order's currency.
 */
type RecurringPlan = {
  id: string;
  name: string;
  priceCents: number;
  currency: string;
  interval: "monthly" | "yearly";
};

type OpenedSubscription = {
  subscriptionId: string;
  /** The first invoice's PaymentIntent, which the card form confirms with Elements. */
  paymentIntentId: string;
  clientSecret: string;
};

export type StripeBilling = BillingSync & {
  /** A Billing subscription for an order, waiting for its first payment (one per order and price). */
  open(input: {
    orderId: string;
    email: string;
    name: string;
    plan: RecurringPlan;
    /**
     * What the first invoice charges: the order's price, which add-ons charged once make more than
     * a renewal, and a discount for the first payment only less.
     */
    firstInvoiceCents: number;
    /** The first invoice's PaymentIntent of a subscription that can no longer be paid (cancelled). */
    replaces?: string;
  }): Promise<OpenedSubscription>;
  /** Where the customer pays the open invoice with a new card: Stripe's hosted invoice page. */
  updateCardUrl(subscriptionId: string): Promise<string | null>;
};

function intentOf(invoice: Stripe.Invoice): string {
  const payment = invoice.payments?.data[0]?.payment;
  const intent = payment?.payment_intent;
  const id = typeof intent === "string" ? intent : intent?.id;
  if (!id) throw new Error(`Stripe's invoice ${invoice.id} has no PaymentIntent.`);
  return id;
}

/**
 * Stripe Billing for monthly and yearly plans. Prices are created on demand, one per plan, amount,
 * currency and interval (found again by lookup key), so a catalog price change or a new shop
 * currency makes a new Stripe price for new subscriptions and leaves the existing ones alone. The
 * recurring price is what each renewal charges; the first invoice differs by a one-time item
 * (add-ons charged once) or a coupon for that invoice only (a discount for the first payment
 * only), so it charges the order's price.
 */
export function createStripeBilling(stripe: Stripe): StripeBilling {
  async function priceFor(plan: RecurringPlan, amountCents: number, recurring: boolean): Promise<string> {
    const lookupKey = recurring
      ? `plan-${plan.id}-${amountCents}-${plan.currency}-${plan.interval}`
      : `plan-${plan.id}-first-${amountCents}-${plan.currency}`;
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const price = await stripe.prices.create(
      {
        currency: plan.currency,
        unit_amount: amountCents,
        ...(recurring ? { recurring: { interval: plan.interval === "yearly" ? "year" : "month" } } : {}),
        lookup_key: lookupKey,
        product_data: {
          name: recurring ? plan.name : `${plan.name}: add-ons charged once`,
          metadata: { planId: plan.id },
        },
        metadata: { planId: plan.id },
      },
      { idempotencyKey: `price-${lookupKey}` },
    );
    return price.id;
  }

  /** What makes the first invoice the order's price rather than a renewal's. */
  async function firstInvoice(
    orderId: string,
    plan: RecurringPlan,
    firstInvoiceCents: number,
  ): Promise<Partial<Stripe.SubscriptionCreateParams>> {
    const difference = firstInvoiceCents - plan.priceCents;
    if (difference > 0) return { add_invoice_items: [{ price: await priceFor(plan, difference, false) }] };
    if (difference === 0) return {};
    const coupon = await stripe.coupons.create(
      { amount_off: -difference, currency: plan.currency, duration: "once", name: "First payment discount" },
      { idempotencyKey: `coupon-order-${orderId}-${-difference}` },
    );
    return { discounts: [{ coupon: coupon.id }] };
  }

  return {
    async open({ orderId, email, name, plan, firstInvoiceCents, replaces }) {
      const price = await priceFor(plan, plan.priceCents, true);
      const first = await firstInvoice(orderId, plan, firstInvoiceCents);
      const customer = await stripe.customers.create(
        { email, name, metadata: { orderId } },
        { idempotencyKey: `customer-order-${orderId}` },
      );
      const subscription = await stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price }],
          ...first,
          payment_behavior: "default_incomplete",
          payment_settings: {
            save_default_payment_method: "on_subscription",
            payment_method_types: ["card"],
          },
          metadata: { orderId },
          expand: ["latest_invoice.confirmation_secret", "latest_invoice.payments"],
        },
        // One subscription per order and price, however often the payment page is opened (and a
        // fresh one when the first invoice's payment was cancelled).
        { idempotencyKey: `subscription-order-${orderId}-${price}${replaces ? `-after-${replaces}` : ""}` },
      );
      const invoice = subscription.latest_invoice;
      if (!invoice || typeof invoice === "string" || !invoice.confirmation_secret) {
        throw new Error("Stripe opened the subscription without its first invoice.");
      }
      return {
        subscriptionId: subscription.id,
        paymentIntentId: intentOf(invoice),
        clientSecret: invoice.confirmation_secret.client_secret,
      };
    },
    async setCancelAtPeriodEnd(id, cancel) {
      await stripe.subscriptions.update(id, { cancel_at_period_end: cancel });
    },
    async cancelNow(id) {
      await stripe.subscriptions.cancel(id);
    },
    async updateCardUrl(id) {
      try {
        const subscription = await stripe.subscriptions.retrieve(id, { expand: ["latest_invoice"] });
        const invoice = subscription.latest_invoice;
        return invoice && typeof invoice !== "string" && invoice.status === "open"
          ? (invoice.hosted_invoice_url ?? null)
          : null;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing")
          return null;
        throw error;
      }
    },
  };
}
