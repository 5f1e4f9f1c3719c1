import { randomUUID } from "node:crypto";
import { orderMessages, PaymentList, Subscription, subscriptionMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../../test/helpers.js";
import { outbox, runJobs } from "../../../../test/jobs.js";
import { payWithTestCard, placeOrder, placePaidOrder, planIds } from "../../../../test/orders.js";
import { mySubscription, runJobsAt, subscriptionAction } from "../../../../test/subscriptions.js";
import { DAY_MS } from "../../../clock.js";
import { payments, pricingPlans } from "../../../db/schema.js";
import { createJobRuntime } from "../../../job-runtime.js";
import { testCards } from "../../../payment-providers/test-cards.js";
import { createTestProvider } from "../../../payment-providers/test-provider.js";
import { addMonths } from "../../../periods.js";
import { receiptSettings } from "../receipts/issue.js";
import { runRenewal } from "./renewals.js";

let ctx: TestContext;
let admin: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

const get = (url: string, account: TestAccount) =>
  ctx.app.inject({ method: "GET", url, headers: { cookie: account.cookie } });

async function history(account: TestAccount) {
  return PaymentList.parse((await get(`/api/payment-history/${account.email}`, account)).json());
}

async function paidWith(account: TestAccount, serviceId: string, card: string) {
  const orderId: string = (await placeOrder(ctx, account, serviceId)).json().insertedId;
  expect((await payWithTestCard(ctx, account, orderId, card)).statusCode).toBe(200);
  return orderId;
}

describe("subscriptions with the offline test provider", () => {
  it("renews a monthly plan twelve times: 13 payments, 13 receipts, one period after another", async () => {
    const customer = await createAccount(ctx);
    const orderId = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    const first = await mySubscription(ctx, customer, orderId);
    expect(first).toMatchObject({ status: "active", interval: "monthly", card: { last4: "4242" } });
    const anchor = new Date(first.currentPeriodStart);
    expect(first.currentPeriodEnd).toBe(addMonths(anchor, 1).toISOString());

    // Nothing is due before the period ends.
    await runJobs(ctx);
    expect(await history(customer)).toHaveLength(1);

    let current = first;
    for (let renewal = 1; renewal <= 12; renewal += 1) {
      await runJobsAt(ctx, current.currentPeriodEnd);
      const next = await mySubscription(ctx, customer, orderId);
      expect(next.status).toBe("active");
      expect(next.currentPeriodStart).toBe(current.currentPeriodEnd);
      expect(next.currentPeriodEnd).toBe(addMonths(anchor, renewal + 1).toISOString());
      current = next;
    }

    const paid = await history(customer);
    expect(paid).toHaveLength(13);
    expect(paid.filter((payment) => payment.renewal)).toHaveLength(12);
    expect(new Set(paid.map((payment) => payment.transactionId)).size).toBe(13);
    const periods = paid
      .map((payment) => [payment.periodStart, payment.periodEnd])
      .sort(([a], [b]) => String(a).localeCompare(String(b)));
    for (const [index, [start, end]] of periods.entries()) {
      expect(start).toBe((index === 0 ? anchor : addMonths(anchor, index)).toISOString());
      expect(end).toBe(addMonths(anchor, index + 1).toISOString());
    }
    expect(paid.every((payment) => payment.currentPrice === plans.standardMonthly.newPrice)).toBe(true);

    const receipts = (await get("/api/receipts", customer)).json();
    expect(receipts).toHaveLength(13);
    expect(new Set(receipts.map((receipt: { number: string }) => receipt.number)).size).toBe(13);

    const renewalMails = (await outbox(ctx)).filter(
      (mail) => mail.to === customer.email && mail.subject.startsWith("Your Standard plan renewed"),
    );
    expect(renewalMails).toHaveLength(12);
  });

  it("charges a renewal at the price the plan was bought at, not a later one", async () => {
    const customer = await createAccount(ctx);
    const orderId = await placePaidOrder(ctx, customer, plans.premiumYearly._id);
    const subscription = await mySubscription(ctx, customer, orderId);
    expect(subscription.currentPeriodEnd).toBe(
      addMonths(new Date(subscription.currentPeriodStart), 12).toISOString(),
    );
    const [plan] = await ctx.db
      .select()
      .from(pricingPlans)
      .where(eq(pricingPlans.id, plans.premiumYearly._id));
    if (!plan) throw new Error("no plan");
    await ctx.db
      .update(pricingPlans)
      .set({ newPriceCents: plan.newPriceCents + 1000 })
      .where(eq(pricingPlans.id, plan.id));
    try {
      await runJobsAt(ctx, subscription.currentPeriodEnd);
      // Only the owner's price change with "apply to renewals" moves it (see catalog/admin.test.ts).
      const renewal = (await history(customer)).find((payment) => payment.renewal);
      expect(renewal?.currentPrice).toBe(plan.newPriceCents / 100);
    } finally {
      await ctx.db
        .update(pricingPlans)
        .set({ newPriceCents: plan.newPriceCents })
        .where(eq(pricingPlans.id, plan.id));
    }
  });

  it("holds the plan while unpaid, active or cancelled, and sells it again once the subscription ended", async () => {
    const customer = await createAccount(ctx);
    const orderId: string = (await placeOrder(ctx, customer, plans.standardMonthly._id)).json().insertedId;
    expect((await placeOrder(ctx, customer, plans.standardMonthly._id)).json()).toEqual({
      success: false,
      message: orderMessages.alreadyPurchased,
    });
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
    const subscription = await mySubscription(ctx, customer, orderId);

    const cancelled = await subscriptionAction(ctx, customer, subscription._id, "cancel");
    expect(cancelled.statusCode).toBe(200);
    expect(Subscription.parse(cancelled.json())).toMatchObject({
      status: "canceled",
      currentPeriodEnd: subscription.currentPeriodEnd,
    });
    expect((await placeOrder(ctx, customer, plans.standardMonthly._id)).json().message).toBe(
      orderMessages.alreadyPurchased,
    );
    const mails = await outbox(ctx);
    await runJobs(ctx);
    const cancelMail = (await outbox(ctx))
      .slice(mails.length)
      .find((mail) => mail.to === customer.email && mail.subject === "Your Standard plan is cancelled");
    expect(cancelMail?.text).toContain("stays active until");

    // Cancelled: the period's end ends it instead of renewing it.
    await runJobsAt(ctx, subscription.currentPeriodEnd);
    expect(await mySubscription(ctx, customer, orderId)).toMatchObject({ status: "ended" });
    expect(await history(customer)).toHaveLength(1);
    expect((await subscriptionAction(ctx, customer, subscription._id, "resume")).json().error.message).toBe(
      subscriptionMessages.ended,
    );

    const again = (await placeOrder(ctx, customer, plans.standardMonthly._id)).json();
    expect(again.success).toBe(true);
    expect(again.insertedId).not.toBe(orderId);
  });

  it("resumes a cancelled subscription before the period ends, and it renews as before", async () => {
    const customer = await createAccount(ctx);
    const orderId = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    const subscription = await mySubscription(ctx, customer, orderId);
    await subscriptionAction(ctx, customer, subscription._id, "cancel");
    const resumed = await subscriptionAction(ctx, customer, subscription._id, "resume");
    expect(resumed.json()).toMatchObject({
      status: "active",
      currentPeriodEnd: subscription.currentPeriodEnd,
    });

    await runJobsAt(ctx, subscription.currentPeriodEnd);
    expect(await mySubscription(ctx, customer, orderId)).toMatchObject({
      status: "active",
      currentPeriodStart: subscription.currentPeriodEnd,
    });
    expect(await history(customer)).toHaveLength(2);
  });

  it("puts a failing card's renewal past due, retries after 1, 3 and 5 days, mails an Update card link, then ends", async () => {
    const customer = await createAccount(ctx);
    const orderId = await paidWith(customer, plans.standardMonthly._id, testCards.declinesLaterCharges);
    const subscription = await mySubscription(ctx, customer, orderId);
    const due = new Date(subscription.currentPeriodEnd).getTime();

    await runJobsAt(ctx, subscription.currentPeriodEnd);
    const pastDue = await mySubscription(ctx, customer, orderId);
    expect(pastDue).toMatchObject({
      status: "past_due",
      currentPeriodEnd: subscription.currentPeriodEnd,
      nextAttemptAt: new Date(due + DAY_MS).toISOString(),
      lastError: "Your card was declined.",
    });
    expect((await placeOrder(ctx, customer, plans.standardMonthly._id)).json().message).toBe(
      orderMessages.alreadyPurchased,
    );
    const failedMails = async () =>
      (await outbox(ctx)).filter(
        (mail) => mail.to === customer.email && mail.subject === "We could not renew your Standard plan",
      );
    const [firstMail] = await failedMails();
    expect(firstMail?.text).toContain(`/dashboard/subscription/${subscription._id}/card`);

    await runJobsAt(ctx, new Date(due + DAY_MS));
    expect(await mySubscription(ctx, customer, orderId)).toMatchObject({
      status: "past_due",
      nextAttemptAt: new Date(due + 3 * DAY_MS).toISOString(),
    });
    await runJobsAt(ctx, new Date(due + 3 * DAY_MS));
    expect((await mySubscription(ctx, customer, orderId)).nextAttemptAt).toBe(
      new Date(due + 5 * DAY_MS).toISOString(),
    );
    expect(await failedMails()).toHaveLength(3);

    await runJobsAt(ctx, new Date(due + 5 * DAY_MS));
    expect(await mySubscription(ctx, customer, orderId)).toMatchObject({
      status: "ended",
      nextAttemptAt: null,
    });
    expect(await history(customer)).toHaveLength(1);
    expect(
      (await outbox(ctx)).some(
        (mail) => mail.to === customer.email && mail.subject === "Your Standard plan has ended",
      ),
    ).toBe(true);
    expect((await placeOrder(ctx, customer, plans.standardMonthly._id)).json().success).toBe(true);
  });

  it("charges a past-due renewal to a new card at once, and the scheduled retry then charges nothing", async () => {
    const customer = await createAccount(ctx);
    const orderId = await paidWith(customer, plans.standardMonthly._id, testCards.declinesLaterCharges);
    const subscription = await mySubscription(ctx, customer, orderId);
    await runJobsAt(ctx, subscription.currentPeriodEnd);

    const updateCard = (cardNumber: string, account = customer, id = subscription._id) =>
      ctx.app.inject({
        method: "POST",
        url: `/api/subscriptions/${id}/card`,
        headers: { cookie: account.cookie },
        payload: { cardNumber, expiry: "12/40", cvc: "123" },
      });
    const declined = await updateCard(testCards.declined);
    expect(declined.statusCode).toBe(422);
    expect(declined.json().error.message).toBe("Your card was declined.");
    expect((await updateCard(testCards.succeeds, await createAccount(ctx))).statusCode).toBe(404);

    const updated = await updateCard(testCards.succeeds);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      status: "active",
      currentPeriodStart: subscription.currentPeriodEnd,
      card: { last4: "4242" },
      nextAttemptAt: null,
    });
    await runJobsAt(ctx, new Date(new Date(subscription.currentPeriodEnd).getTime() + 5 * DAY_MS));
    expect(await history(customer)).toHaveLength(2);
  });

  it("lets only the customer cancel or resume, and answers 404 for unknown and malformed ids", async () => {
    const customer = await createAccount(ctx);
    const stranger = await createAccount(ctx);
    const orderId = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    const { _id } = await mySubscription(ctx, customer, orderId);
    expect((await subscriptionAction(ctx, stranger, _id, "cancel")).statusCode).toBe(404);
    expect((await subscriptionAction(ctx, admin, _id, "cancel")).statusCode).toBe(404);
    expect((await subscriptionAction(ctx, undefined, _id, "cancel")).statusCode).toBe(401);
    expect((await subscriptionAction(ctx, customer, "not-an-id", "cancel")).statusCode).toBe(404);
    expect((await subscriptionAction(ctx, customer, randomUUID(), "resume")).statusCode).toBe(404);
    expect((await mySubscription(ctx, customer, orderId)).status).toBe("active");
    expect((await subscriptionAction(ctx, customer, _id, "resume")).json().status).toBe("active");
  });
});

describe("admin", () => {
  it("shows monthly recurring revenue over the subscriptions that renew, a yearly plan counting 1/12", async () => {
    const before = (await get("/api/admin/subscriptions/summary", admin)).json();
    const customer = await createAccount(ctx);
    await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    const yearlyOrder = await placePaidOrder(ctx, customer, plans.premiumYearly._id);
    const after = (await get("/api/admin/subscriptions/summary", admin)).json();
    const added =
      plans.standardMonthly.newPrice + Math.round((plans.premiumYearly.newPrice * 100) / 12) / 100;
    expect(after.monthlyRecurringRevenue).toBeCloseTo(before.monthlyRecurringRevenue + added, 1);
    expect(after.active).toBe(before.active + 2);

    const yearly = await mySubscription(ctx, customer, yearlyOrder);
    await subscriptionAction(ctx, customer, yearly._id, "cancel");
    const cancelled = (await get("/api/admin/subscriptions/summary", admin)).json();
    expect(cancelled.canceled).toBe(after.canceled + 1);
    expect(cancelled.monthlyRecurringRevenue).toBeCloseTo(
      before.monthlyRecurringRevenue + plans.standardMonthly.newPrice,
      1,
    );

    expect((await get("/api/admin/subscriptions/summary", customer)).statusCode).toBe(403);
    const orders = (await get("/api/orders?page=0&size=100", admin)).json().orders;
    expect(orders.find((order: { _id: string }) => order._id === yearlyOrder).subscription.status).toBe(
      "canceled",
    );
  });
});

describe("renewals on several instances", () => {
  it("charges each due renewal once while two workers race over them", async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => createAccount(ctx)));
    const orderIds: string[] = [];
    for (const customer of customers)
      orderIds.push(await placePaidOrder(ctx, customer, plans.standardMonthly._id));
    const subscriptions = await Promise.all(
      customers.map((customer, index) => mySubscription(ctx, customer, orderIds[index] ?? "")),
    );
    ctx.clock.moveTo(
      new Date(Math.max(...subscriptions.map((item) => new Date(item.currentPeriodEnd).getTime())) + 1000),
    );
    const quiet = {
      info() {},
      warn() {},
      error() {},
      debug() {},
      trace() {},
      fatal() {},
      child: () => quiet,
    };
    const workers = [0, 1].map(() =>
      createJobRuntime({ db: ctx.db, config: ctx.config, log: quiet as never, clock: ctx.clock }),
    );
    // A third contender runs each renewal's job body directly, as an instance whose lease on the
    // job ran out would run it again.
    const renewals = {
      db: ctx.db,
      clock: ctx.clock,
      receipts: receiptSettings(ctx.config, ctx.db),
      provider: createTestProvider(ctx.db, ctx.clock),
    };
    try {
      await Promise.all([
        ...workers.map((runtime) => runtime.worker.drain()),
        ...subscriptions.map((item) =>
          runRenewal(renewals, { subscriptionId: item._id, periodNumber: 0, attempt: 0 }),
        ),
      ]);
    } finally {
      await Promise.all(workers.map((runtime) => runtime.stop()));
    }
    for (const orderId of orderIds) {
      const rows = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(rows).toHaveLength(2);
    }
  });
});
