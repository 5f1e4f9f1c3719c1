import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../../test/accounts.js";
import type { TestContext } from "../../../../test/helpers.js";
import { openPayment, placeOrder, planIds } from "../../../../test/orders.js";
import { createStripeTestApp } from "../../../../test/stripe.js";
import { orders, payments } from "../../../db/schema.js";

let stripeApp: Awaited<ReturnType<typeof createStripeTestApp>>;
let fake: typeof stripeApp.fake;
let ctx: TestContext;
let customer: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  stripeApp = await createStripeTestApp();
  ({ fake, ctx } = stripeApp);
  customer = await createAccount(ctx);
  plans = await planIds(ctx);
});
afterAll(() => stripeApp.close());

const deliver = (event: object, secret?: string) => stripeApp.deliver(event, secret);

function event(type: string, intent: object) {
  return {
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    data: { object: intent },
  };
}

async function newOrder(planService: string, duration: string) {
  const id = (await placeOrder(ctx, customer, plans.find(planService, duration)._id)).json()
    .insertedId as string;
  const intent = (await openPayment(ctx, customer, id, { currentPrice: 0.5 })).json();
  return { id, intent };
}

describe("Stripe payments", () => {
  it("opens a Billing subscription for the plan's price, paid by its first invoice, once per order", async () => {
    const { id, intent } = await newOrder("Standard", "monthly");
    expect(intent).toMatchObject({ provider: "stripe", publishableKey: "pk_test_fake", amount: 19 });
    expect(fake.intents.get(intent.paymentIntentId)).toMatchObject({ amount: 1900, currency: "usd" });
    const [subscription] = [...fake.subscriptions.values()].filter((item) => item.metadata.orderId === id);
    const price = [...fake.prices.values()].find((item) => item.id === subscription?.items.data[0]?.price.id);
    expect(price).toMatchObject({ unit_amount: 1900, interval: "month" });
    expect(fake.idempotencyKeys).toContain(`subscription-order-${id}-${price?.id}`);
    const again = (await openPayment(ctx, customer, id)).json();
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);
    expect([...fake.subscriptions.values()].filter((item) => item.metadata.orderId === id)).toHaveLength(1);
  });

  it("rejects a webhook with a bad signature and changes nothing", async () => {
    const { id, intent } = await newOrder("Premium", "monthly");
    const succeeded = fake.succeed(intent.paymentIntentId);
    const response = await deliver(event("payment_intent.succeeded", succeeded), "whsec_wrong");
    expect(response.statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(event("payment_intent.succeeded", succeeded)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await ctx.db.$count(payments, eq(payments.orderId, id))).toBe(0);
  });

  it("records one payment when `succeeded` arrives twice, before the client's PATCH, and out of order", async () => {
    const { id, intent } = await newOrder("Extended", "monthly");
    const created = { ...fake.intents.get(intent.paymentIntentId) };
    const succeeded = fake.succeed(intent.paymentIntentId);
    expect((await deliver(event("payment_intent.succeeded", succeeded))).statusCode).toBe(200);
    expect((await deliver(event("payment_intent.succeeded", succeeded))).statusCode).toBe(200);
    expect((await deliver(event("payment_intent.created", created))).statusCode).toBe(200);
    const patch = await ctx.app.inject({
      method: "PATCH",
      url: `/api/order/${id}`,
      headers: { cookie: customer.cookie },
      payload: { transactionId: intent.paymentIntentId },
    });
    expect(patch.json()).toEqual({ modifiedCount: 0, paid: true, transactionId: intent.paymentIntentId });
    expect(await ctx.db.$count(payments, eq(payments.orderId, id))).toBe(1);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ paid: true, transactionId: intent.paymentIntentId });
  });

  it("records the client's PATCH only after Stripe says the payment succeeded", async () => {
    const { id, intent } = await newOrder("Standard", "yearly");
    const patch = () =>
      ctx.app.inject({
        method: "PATCH",
        url: `/api/order/${id}`,
        headers: { cookie: customer.cookie },
        payload: { transactionId: intent.paymentIntentId },
      });
    expect((await patch()).statusCode).toBe(422);
    fake.succeed(intent.paymentIntentId);
    expect((await patch()).json()).toEqual({
      modifiedCount: 1,
      paid: true,
      transactionId: intent.paymentIntentId,
    });
    expect(await ctx.db.$count(payments, eq(payments.orderId, id))).toBe(1);
  });

  it("refuses a payment of a different amount than the order's", async () => {
    const { id, intent } = await newOrder("Premium", "yearly");
    const succeeded = fake.succeed(intent.paymentIntentId);
    succeeded.amount = 100;
    succeeded.amount_received = 100;
    await deliver(event("payment_intent.succeeded", succeeded));
    const patch = await ctx.app.inject({
      method: "PATCH",
      url: `/api/order/${id}`,
      headers: { cookie: customer.cookie },
      payload: { transactionId: intent.paymentIntentId },
    });
    expect(patch.statusCode).toBe(422);
    expect(await ctx.db.$count(payments, eq(payments.orderId, id))).toBe(0);
  });

  it("keeps an unpaid order whose payment is still processing at Stripe", async () => {
    const { id, intent } = await newOrder("Extended", "yearly");
    const processing = fake.intents.get(intent.paymentIntentId);
    if (processing) processing.status = "processing";
    const remove = () =>
      ctx.app.inject({ method: "DELETE", url: `/api/order/${id}`, headers: { cookie: customer.cookie } });
    expect((await remove()).statusCode).toBe(409);
    if (processing) processing.status = "canceled";
    const reopened = (await openPayment(ctx, customer, id)).json();
    expect(reopened.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect(fake.idempotencyKeys.some((key) => key.endsWith(`-after-${intent.paymentIntentId}`))).toBe(true);
    expect((await remove()).json()).toEqual({ deletedCount: 1 });
  });

  it("refunds a cancelled order through Stripe's refunds API, once, with a credit note", async () => {
    const buyer = await createAccount(ctx);
    const admin = await createAccount(ctx, { admin: true });
    const id: string = (await placeOrder(ctx, buyer, plans.find("Standard", "monthly")._id)).json()
      .insertedId;
    const intent = (await openPayment(ctx, buyer, id)).json();
    expect(
      (await deliver(event("payment_intent.succeeded", fake.succeed(intent.paymentIntentId)))).statusCode,
    ).toBe(200);
    const cancel = () =>
      ctx.app.inject({
        method: "POST",
        url: `/api/admin/orders/${id}/cancel`,
        headers: { cookie: admin.cookie },
        payload: { refund: true },
      });
    const cancelled = await cancel();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: "cancelled", refunds: [{ amount: 19 }] });
    expect(fake.refunds).toEqual([
      expect.objectContaining({ amount: 1900, payment_intent: intent.paymentIntentId }),
    ]);
    const rows = await ctx.db.select().from(payments).where(eq(payments.orderId, id));
    expect(rows.map((row) => row.amountCents).sort((a, b) => a - b)).toEqual([-1900, 1900]);
    expect((await cancel()).statusCode).toBe(409);
    expect(fake.refunds).toHaveLength(1);
  });

  it("allows Stripe.js in the pages' content security policy", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.headers["content-security-policy"]).toMatch(/script-src[^;]*https:\/\/js\.stripe\.com/);
    expect(response.headers["content-security-policy"]).toMatch(/frame-src[^;]*https:\/\/js\.stripe\.com/);
  });

  it("has no test-card endpoint when Stripe is the provider", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/payments/test/confirm",
      headers: { cookie: customer.cookie },
      payload: {},
    });
    expect(response.statusCode).toBe(404);
  });
});
