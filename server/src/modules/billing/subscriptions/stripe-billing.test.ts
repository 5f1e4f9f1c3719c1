import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../../../test/accounts.js";
import type { TestContext } from "../../../../test/helpers.js";
import { outbox, runJobs } from "../../../../test/jobs.js";
import { openPayment, placeOrder, planIds } from "../../../../test/orders.js";
import { createStripeTestApp } from "../../../../test/stripe.js";
import { mySubscription, runJobsAt, subscriptionAction } from "../../../../test/subscriptions.js";
import { orderPeriods, orders, payments } from "../../../db/schema.js";

let stripeApp: Awaited<ReturnType<typeof createStripeTestApp>>;
let fake: typeof stripeApp.fake;
let ctx: TestContext;
let plans: Awaited<ReturnType<typeof planIds>>;
let eventClock = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  stripeApp = await createStripeTestApp();
  ({ fake, ctx } = stripeApp);
  plans = await planIds(ctx);
});
afterAll(() => stripeApp.close());

/** A Stripe event as its webhook sends it; each one is created a second after the one before. */
function event(type: string, object: object, created?: number) {
  eventClock += 1;
  return {
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    created: created ?? eventClock,
    data: { object },
  };
}

const deliver = (event: object, secret?: string) => stripeApp.deliver(event, secret);

const paymentsOf = (orderId: string) => ctx.db.select().from(payments).where(eq(payments.orderId, orderId));

/** A customer's order of a monthly plan, its Billing subscription at Stripe, and the first invoice paid. */
async function subscribed(options: { deliverFirst?: boolean } = {}) {
  const customer = await createAccount(ctx);
  const orderId: string = (await placeOrder(ctx, customer, plans.standardMonthly._id)).json().insertedId;
  const intent = (await openPayment(ctx, customer, orderId)).json();
  const stripeSubscription = [...fake.subscriptions.values()].find(
    (item) => item.metadata.orderId === orderId,
  );
  if (!stripeSubscription) throw new Error("no Stripe subscription");
  const first = fake.payInvoice(stripeSubscription.latest_invoice);
  if (options.deliverFirst ?? true)
    expect((await deliver(event("invoice.paid", first))).statusCode).toBe(200);
  return { customer, orderId, intent, stripeSubscription, first };
}

describe("Stripe Billing subscriptions", () => {
  it("starts the subscription from the first invoice, once, whether the webhook or the browser reports it", async () => {
    const { customer, orderId, intent, first } = await subscribed();
    expect((await deliver(event("invoice.paid", first))).statusCode).toBe(200);
    const patched = await ctx.app.inject({
      method: "PATCH",
      url: `/api/order/${orderId}`,
      headers: { cookie: customer.cookie },
      payload: { transactionId: intent.paymentIntentId },
    });
    expect(patched.json()).toMatchObject({ modifiedCount: 0, paid: true });
    expect(await paymentsOf(orderId)).toHaveLength(1);
    const subscription = await mySubscription(ctx, customer, orderId);
    expect(subscription.status).toBe("active");

    // Stripe renews it, not the shop's jobs: nothing is charged here at the period's end.
    await runJobsAt(ctx, subscription.currentPeriodEnd);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    expect((await mySubscription(ctx, customer, orderId)).status).toBe("active");
  });

  it("records one payment per renewal invoice, however often and in whatever order the events arrive", async () => {
    const { customer, orderId, stripeSubscription } = await subscribed();
    const second = fake.payInvoice(fake.renew(stripeSubscription.id).id);
    const third = fake.payInvoice(fake.renew(stripeSubscription.id).id);
    for (const invoice of [third, second, third, second]) {
      expect((await deliver(event("invoice.paid", invoice))).statusCode).toBe(200);
    }
    const rows = await paymentsOf(orderId);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.transactionId).sort()).toEqual(
      [rows.find((row) => !row.transactionId.startsWith("in_"))?.transactionId, second.id, third.id].sort(),
    );
    const period = third.lines.data[0]?.period;
    expect(await mySubscription(ctx, customer, orderId)).toMatchObject({
      status: "active",
      currentPeriodEnd: new Date((period?.end ?? 0) * 1000).toISOString(),
    });
    const history = (
      await ctx.app.inject({
        method: "GET",
        url: `/api/payment-history/${customer.email}`,
        headers: { cookie: customer.cookie },
      })
    ).json();
    expect(history.filter((payment: { renewal: boolean }) => payment.renewal)).toHaveLength(2);
  });

  it("opens the order's next work period once per renewal invoice", async () => {
    const { customer, orderId, stripeSubscription } = await subscribed();
    // The first period's work is done (as the workflow would leave it).
    await ctx.db.update(orders).set({ state: "complete" }).where(eq(orders.id, orderId));
    const second = fake.payInvoice(fake.renew(stripeSubscription.id).id);
    for (const invoice of [second, second]) {
      expect((await deliver(event("invoice.paid", invoice))).statusCode).toBe(200);
    }
    const order = (
      await ctx.app.inject({
        method: "GET",
        url: `/api/order/${orderId}`,
        headers: { cookie: customer.cookie },
      })
    ).json();
    const start = new Date((second.lines.data[0]?.period.start ?? 0) * 1000).toISOString();
    expect(order).toMatchObject({ state: "submitted", period: { number: 2, startedAt: start } });
    expect(order.history.at(-1)).toMatchObject({ note: "Renewed: period 2 opened", period: 2 });
    expect(await ctx.db.select().from(orderPeriods).where(eq(orderPeriods.orderId, orderId))).toHaveLength(2);
  });

  it("records the first payment when a renewal's event arrives before the first invoice's", async () => {
    const { orderId, stripeSubscription } = await subscribed({ deliverFirst: false });
    const renewal = fake.payInvoice(fake.renew(stripeSubscription.id).id);
    expect((await deliver(event("invoice.paid", renewal))).statusCode).toBe(200);
    expect(await paymentsOf(orderId)).toHaveLength(2);
  });

  it("asks Stripe to send a renewal again when its order's first payment has not succeeded yet", async () => {
    const customer = await createAccount(ctx);
    const orderId: string = (await placeOrder(ctx, customer, plans.premiumYearly._id)).json().insertedId;
    await openPayment(ctx, customer, orderId);
    const stripeSubscription = [...fake.subscriptions.values()].find(
      (item) => item.metadata.orderId === orderId,
    );
    if (!stripeSubscription) throw new Error("no Stripe subscription");
    const renewal = fake.renew(stripeSubscription.id);
    expect((await deliver(event("invoice.paid", renewal))).statusCode).toBe(503);
    expect(await paymentsOf(orderId)).toHaveLength(0);
  });

  it("goes past due on a failed renewal with an Update card link, and back to active once the invoice is paid", async () => {
    const { customer, orderId, stripeSubscription } = await subscribed();
    const invoice = fake.renew(stripeSubscription.id);
    const nextTry = Math.floor(Date.now() / 1000) + 3 * 24 * 60 * 60;
    const failed = { ...invoice, attempt_count: 1, next_payment_attempt: nextTry };
    expect((await deliver(event("invoice.payment_failed", failed))).statusCode).toBe(200);
    const pastDue = await mySubscription(ctx, customer, orderId);
    expect(pastDue).toMatchObject({
      status: "past_due",
      nextAttemptAt: new Date(nextTry * 1000).toISOString(),
    });
    await runJobs(ctx);
    const mail = (await outbox(ctx)).find(
      (item) => item.to === customer.email && item.subject === "We could not renew your Standard plan",
    );
    expect(mail?.text).toContain(`/dashboard/subscription/${pastDue._id}/card`);
    const link = await ctx.app.inject({
      method: "GET",
      url: `/api/subscriptions/${pastDue._id}/card-link`,
      headers: { cookie: customer.cookie },
    });
    expect(link.json()).toEqual({ url: invoice.hosted_invoice_url });

    const paid = fake.payInvoice(invoice.id);
    expect((await deliver(event("invoice.paid", paid))).statusCode).toBe(200);
    // The failure delivered again, late, changes nothing now that the invoice is paid.
    expect((await deliver(event("invoice.payment_failed", failed))).statusCode).toBe(200);
    expect(await mySubscription(ctx, customer, orderId)).toMatchObject({
      status: "active",
      nextAttemptAt: null,
    });
    expect(await paymentsOf(orderId)).toHaveLength(2);
  });

  it("tells Stripe of a cancellation and a resume, ignores an older update, and ends on subscription.deleted", async () => {
    const { customer, orderId, stripeSubscription } = await subscribed();
    const { _id } = await mySubscription(ctx, customer, orderId);
    expect((await subscriptionAction(ctx, customer, _id, "cancel")).json().status).toBe("canceled");
    expect(stripeSubscription.cancel_at_period_end).toBe(true);
    expect((await subscriptionAction(ctx, customer, _id, "resume")).json().status).toBe("active");
    expect(stripeSubscription.cancel_at_period_end).toBe(false);

    const newer = event("customer.subscription.updated", {
      ...stripeSubscription,
      cancel_at_period_end: true,
    });
    const older = event(
      "customer.subscription.updated",
      { ...stripeSubscription, cancel_at_period_end: false },
      newer.created - 10,
    );
    await deliver(newer);
    await deliver(older);
    expect((await mySubscription(ctx, customer, orderId)).status).toBe("canceled");
    expect((await placeOrder(ctx, customer, plans.standardMonthly._id)).json().success).toBe(false);

    const ended = { ...stripeSubscription, status: "canceled", ended_at: Math.floor(Date.now() / 1000) };
    expect((await deliver(event("customer.subscription.deleted", ended))).statusCode).toBe(200);
    expect((await mySubscription(ctx, customer, orderId)).status).toBe("ended");
    expect((await placeOrder(ctx, customer, plans.standardMonthly._id)).json().success).toBe(true);
  });
});
