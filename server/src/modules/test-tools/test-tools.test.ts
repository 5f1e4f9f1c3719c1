import { PaymentList, SiteSettings } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { mySubscription } from "../../../test/subscriptions.js";

let ctx: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
});
afterAll(() => ctx.close());

const call = (
  app: TestContext,
  method: "GET" | "POST",
  url: string,
  account?: TestAccount,
  payload?: object,
) => app.app.inject({ method, url, headers: account ? { cookie: account.cookie } : {}, payload });

const testMode = async (app: TestContext) =>
  SiteSettings.parse((await call(app, "GET", "/api/site")).json()).testMode;

describe("Test tools with test payments outside production", () => {
  it("tells every page that payments are simulated and the clock has not moved", async () => {
    expect(await testMode(ctx)).toEqual({ testTools: true, clockAheadDays: 0 });
    const clock = await call(ctx, "GET", "/api/admin/test-tools", admin);
    expect(clock.statusCode).toBe(200);
    expect(clock.json().clockAheadDays).toBe(0);
  });

  it("moves the clock, runs the renewals that fell due, and says how far ahead the clock is", async () => {
    const customer = await createAccount(ctx);
    const plans = await planIds(ctx);
    const orderId = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    const { currentPeriodEnd } = await mySubscription(ctx, customer, orderId);

    expect(
      (await call(ctx, "POST", "/api/admin/test-tools/run-due", customer, { advanceDays: 40 })).statusCode,
    ).toBe(403);
    const ran = await call(ctx, "POST", "/api/admin/test-tools/run-due", admin, { advanceDays: 32 });
    expect(ran.statusCode).toBe(200);
    expect(ran.json()).toMatchObject({ clockAheadDays: 32 });
    expect(ran.json().ran).toBeGreaterThan(0);
    expect(new Date(ran.json().now).getTime()).toBeGreaterThan(new Date(currentPeriodEnd).getTime());

    expect((await mySubscription(ctx, customer, orderId)).currentPeriodStart).toBe(currentPeriodEnd);
    const history = PaymentList.parse(
      (await call(ctx, "GET", `/api/payment-history/${customer.email}`, customer)).json(),
    );
    expect(history.map((payment) => payment.renewal).sort()).toEqual([false, true]);
    expect(await testMode(ctx)).toEqual({ testTools: true, clockAheadDays: 32 });
  });
});

describe("Test tools elsewhere", () => {
  async function expectNoTestTools(app: TestContext) {
    const owner = await createAccount(app, { admin: true });
    expect((await call(app, "GET", "/api/admin/test-tools", owner)).statusCode).toBe(404);
    const run = await call(app, "POST", "/api/admin/test-tools/run-due", owner, { advanceDays: 30 });
    expect(run.statusCode).toBe(404);
    expect(run.json().error.code).toBe("not_found");
  }

  it("do not exist in production, where test payments are still marked", async () => {
    const production = await createTestApp({ env: { NODE_ENV: "production", ALLOW_TEST_PAYMENTS: "true" } });
    try {
      await expectNoTestTools(production);
      expect(await testMode(production)).toEqual({ testTools: false, clockAheadDays: 0 });
    } finally {
      await production.close();
    }
  });

  it("do not exist with a real payment provider, and nothing is marked as test mode", async () => {
    const stripe = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: "sk_test_tools",
        STRIPE_PUBLISHABLE_KEY: "pk_test_tools",
        STRIPE_WEBHOOK_SECRET: "whsec_tools",
      },
    });
    try {
      await expectNoTestTools(stripe);
      expect(await testMode(stripe)).toBeNull();
    } finally {
      await stripe.close();
    }
  });
});
