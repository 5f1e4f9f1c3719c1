import type { FastifyInstance } from "fastify";
import type { Clock } from "../../../clock.js";
import type { Config } from "../../../config.js";
import type { Database } from "../../../db/client.js";
import type { PaymentProvider } from "../../../payment-providers/provider.js";
import type { StripeBilling } from "../../../payment-providers/stripe-billing.js";
import { createTestProvider } from "../../../payment-providers/test-provider.js";
import { receiptSettings } from "../receipts/issue.js";
import { registerStripeWebhook } from "./stripe-webhook.js";

/** Stripe (with its webhook) when its keys are configured, otherwise the built-in test provider. */
export async function registerPaymentProvider(
  app: FastifyInstance,
  config: Config,
  db: Database,
  clock: Clock,
): Promise<{ provider: PaymentProvider; billing: StripeBilling | undefined }> {
  if (config.payments.provider !== "stripe")
    return { provider: createTestProvider(db, clock), billing: undefined };
  // Stripe's SDK is loaded only by shops that take real payments (it holds about 20 MB).
  const { createStripeClient, createStripeProvider } = await import("../../../payment-providers/stripe.js");
  const { createStripeBilling } = await import("../../../payment-providers/stripe-billing.js");
  const stripe = createStripeClient(config.payments);
  const provider = createStripeProvider(config.payments, stripe);
  await registerStripeWebhook(app, {
    db,
    stripe,
    secret: config.payments.webhookSecret,
    receipts: receiptSettings(config, db),
    clock,
    provider,
  });
  return { provider, billing: createStripeBilling(stripe) };
}
