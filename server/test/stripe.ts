import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { createAccount, type TestAccount } from "./accounts.js";
import { startFakeStripe } from "./fake-stripe.js";
import { createTestApp } from "./helpers.js";
import { planIds } from "./orders.js";

const WEBHOOK_SECRET = "whsec_test_secret";
const stripe = new Stripe("sk_test_fake");

/** The app with Stripe as its provider, talking to a local fake of Stripe's API. */
export async function createStripeTestApp() {
  const fake = await startFakeStripe();
  const ctx = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.apiBase,
    },
  });
  /** Sends an event to the webhook as Stripe does, signed with `secret`. */
  function deliver(event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    return ctx.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: {
        "content-type": "application/json",
        "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  }
  return {
    fake,
    ctx,
    deliver,
    async close() {
      await ctx.close();
      await fake.close();
    },
  };
}

type StripeTestApp = Awaited<ReturnType<typeof createStripeTestApp>>;

/**
 * For a test file: the app on the fake Stripe with an owner and the catalog's plans, opened before
 * the file's tests and closed after them. Its fields are there once the tests run.
 */
export function useStripeShop() {
  const shop = {} as StripeTestApp & { owner: TestAccount; plans: Awaited<ReturnType<typeof planIds>> };
  beforeAll(async () => {
    Object.assign(shop, await createStripeTestApp());
    shop.owner = await createAccount(shop.ctx, { admin: true });
    shop.plans = await planIds(shop.ctx);
  });
  afterAll(() => shop.close());
  return shop;
}
