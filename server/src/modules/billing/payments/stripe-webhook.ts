import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import type { Clock } from "../../../clock.js";
import type { Database } from "../../../db/client.js";
import { AppError } from "../../../errors.js";
import type { PaymentProvider } from "../../../payment-providers/provider.js";
import { fromStripeIntent } from "../../../payment-providers/stripe.js";
import type { ReceiptSettings } from "../receipts/issue.js";
import { applyBillingEvent, EventTooEarly } from "../subscriptions/stripe-events.js";
import { recordProviderPayment } from "./service.js";

/**
 * Stripe's webhook: the signature is checked on the exact bytes Stripe sent. A succeeded
 * PaymentIntent records an order's (or an invoice's) payment, and Billing's invoice and subscription events keep
 * subscriptions in step (see applyBillingEvent). Duplicate or out-of-order deliveries are harmless:
 * a payment is recorded once per PaymentIntent or invoice, and an event that arrives before its
 * cause is refused with 503 so that Stripe delivers it again later. Other events are acknowledged.
 */
export async function registerStripeWebhook(
  app: FastifyInstance,
  options: {
    db: Database;
    stripe: Stripe;
    secret: string;
    receipts: ReceiptSettings;
    clock: Clock;
    provider: PaymentProvider;
  },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post(
      "/api/payments/webhook",
      { config: { access: "public" }, schema: { tags: ["payments"], summary: "Stripe webhook" } },
      async (request, reply) => {
        const signature = request.headers["stripe-signature"];
        let event: Stripe.Event;
        try {
          if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) throw new Error("unsigned");
          event = options.stripe.webhooks.constructEvent(request.body, signature, options.secret);
        } catch {
          throw new AppError("bad_request", "The webhook signature is not valid.");
        }
        if (event.type === "payment_intent.succeeded") {
          try {
            await recordProviderPayment(
              options.db,
              "stripe",
              fromStripeIntent(event.data.object),
              options.receipts,
            );
          } catch (error) {
            // A payment that is not for one of our orders or invoices is acknowledged, or Stripe retries forever.
            if (!(error instanceof AppError)) throw error;
            request.log.warn({ event: event.id, reason: error.message }, "webhook payment not recorded");
          }
        }
        try {
          await applyBillingEvent(options, event);
        } catch (error) {
          if (!(error instanceof EventTooEarly)) throw error;
          request.log.info({ event: event.id, reason: error.message }, "webhook event before its cause");
          return reply.code(503).send({ received: false });
        }
        return reply.send({ received: true });
      },
    );
  });
}
