import Stripe from "stripe";
import { AppError } from "../errors.js";
import {
  type CreateIntentInput,
  type IntentStatus,
  type PaymentProvider,
  type ProviderIntent,
  type RefundInput,
  refundRefused,
} from "./provider.js";

export type StripeSettings = { secretKey: string; publishableKey: string; apiBase: string | undefined };

export function createStripeClient({ secretKey, apiBase }: StripeSettings): Stripe {
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

const knownStatuses: readonly IntentStatus[] = [
  "succeeded",
  "processing",
  "requires_action",
  "requires_payment_method",
  "canceled",
];

function status(value: string): IntentStatus {
  return knownStatuses.find((known) => known === value) ?? "other";
}

/** The card of the intent's charge, when Stripe sent the charge itself rather than its id. */
function chargeCard(charge: Stripe.PaymentIntent["latest_charge"]): ProviderIntent["card"] {
  const card = charge && typeof charge === "object" ? charge.payment_method_details?.card : undefined;
  return card?.last4 ? { brand: card.brand ?? "card", last4: card.last4 } : null;
}

/**
 * The PaymentIntent that paid a payment: the payment's own transaction, or for a renewal (whose
 * transaction is the Stripe Billing invoice it paid) the intent that paid the invoice.
 */
async function intentPaying(stripe: Stripe, transactionId: string): Promise<string> {
  if (!transactionId.startsWith("in_")) return transactionId;
  const invoice = await stripe.invoices.retrieve(transactionId, { expand: ["payments"] });
  const paid = invoice.payments?.data.find((item) => item.payment.type === "payment_intent");
  const intent = paid?.payment.payment_intent;
  if (!intent) throw new AppError("unprocessable", refundRefused);
  return typeof intent === "string" ? intent : intent.id;
}

export function fromStripeIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? "",
    status: status(intent.status),
    amountCents:
      intent.amount_received && intent.status === "succeeded" ? intent.amount_received : intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId ?? null,
    invoiceId: intent.metadata?.invoiceId ?? null,
    // A PaymentIntent records when it was opened, not when the card was charged; a succeeded one
    // is reported (webhook or confirmation) moments after the charge, so that moment stands in.
    time: intent.status === "succeeded" ? new Date() : new Date(intent.created * 1000),
    card: chargeCard(intent.latest_charge),
  };
}

export function createStripeProvider(
  settings: StripeSettings,
  stripe = createStripeClient(settings),
): PaymentProvider {
  return {
    name: "stripe",
    publishableKey: settings.publishableKey,
    async createIntent({ orderId, invoiceId, amountCents, currency, email, replaces }: CreateIntentInput) {
      const purpose = orderId ? `order-${orderId}` : `invoice-${invoiceId}`;
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          receipt_email: email,
          metadata: orderId ? { orderId } : { invoiceId: invoiceId ?? "" },
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
        },
        // One intent per order (or invoice) and amount, however often the payment page is opened
        // (and a fresh one after a cancelled one, which Stripe would otherwise replay for a day).
        {
          idempotencyKey: `${purpose}-${amountCents}-${currency}${replaces ? `-after-${replaces}` : ""}`,
        },
      );
      return fromStripeIntent(intent);
    },
    async retrieveIntent(id: string) {
      try {
        return fromStripeIntent(await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") {
          return undefined;
        }
        throw error;
      }
    },
    async refund({ paymentIntentId, amountCents, key }: RefundInput) {
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          { payment_intent: await intentPaying(stripe, paymentIntentId), amount: amountCents },
          { idempotencyKey: `refund-${key}` },
        );
      } catch (error) {
        // Stripe refuses a refund of more than is left of the charge (or of a disputed one).
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new AppError("unprocessable", `${refundRefused} ${error.message}`);
        }
        throw error;
      }
      return {
        id: refund.id,
        amountCents: refund.amount,
        currency: refund.currency,
        time: new Date(refund.created * 1000),
      };
    },
  };
}
