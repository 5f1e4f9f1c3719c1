import { phoneMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { openPayment, payWithTestCard, placeOrder, planIds } from "../../../test/orders.js";
import { orders, payments, testPaymentIntents } from "../../db/schema.js";

let ctx: TestContext;
let alice: TestAccount;
let bob: TestAccount;
let admin: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  [alice, bob, admin] = [
    await createAccount(ctx),
    await createAccount(ctx),
    await createAccount(ctx, { admin: true }),
  ];
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

describe("placing an order", () => {
  it("takes the price, plan and customer from the server, whatever the body claims", async () => {
    const response = await placeOrder(ctx, alice, plans.premiumYearly._id, {
      currentPrice: 0.01,
      name: "Mallory",
      email: "mallory@example.com",
      service: "Free plan",
      serviceDuration: "forever",
    });
    expect(response.statusCode).toBe(200);
    const { success, insertedId } = response.json();
    expect(success).toBe(true);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, insertedId));
    expect(row).toMatchObject({
      priceCents: 29_900,
      email: alice.email,
      name: alice.name,
      service: "Premium",
      serviceDuration: "yearly",
      paid: false,
    });
  });

  it("refuses a second order of the same plan with the spec's message", async () => {
    const response = await placeOrder(ctx, alice, plans.premiumYearly._id);
    expect(response.json()).toEqual({ success: false, message: "You have already purchased this service." });
  });

  it("needs a signed-in customer, a known plan and a numeric phone number", async () => {
    const anonymous = await ctx.app.inject({
      method: "POST",
      url: "/api/order",
      payload: { serviceId: plans.standardMonthly._id, phone: "0123456789" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await placeOrder(ctx, bob, "not-a-plan")).statusCode).toBe(404);
    const badPhone = await placeOrder(ctx, bob, plans.standardMonthly._id, { phone: "call me" });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.fields).toHaveProperty("phone");
    expect(await ctx.db.$count(orders, eq(orders.userId, bob.id))).toBe(0);
  });
});

describe("the order's phone number", () => {
  it.each([
    ["+44 7700 900123", "+447700900123"],
    ["+1 (202) 555-0123", "+12025550123"],
    ["0044 7700.900.123", "+447700900123"],
    ["(0123) 456-789", "0123456789"],
  ])("takes %j written as people write it and stores %j", async (phone, stored) => {
    const customer = await createAccount(ctx);
    const response = await placeOrder(ctx, customer, plans.standardMonthly._id, { phone });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, response.json().insertedId));
    expect(row?.phone).toBe(stored);
  });

  it.each([
    ["+44 12", phoneMessages.invalidInternational],
    ["+44 1234 5678 9012", phoneMessages.invalidInternational],
    ["07700 abc", phoneMessages.invalid],
  ])("refuses %j with a 400 naming the phone field, and places no order", async (phone, message) => {
    const customer = await createAccount(ctx);
    const response = await placeOrder(ctx, customer, plans.standardMonthly._id, { phone });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ phone: message });
    expect(await ctx.db.$count(orders, eq(orders.userId, customer.id))).toBe(0);
  });
});

describe("whose orders are whose", () => {
  let aliceOrder: string;
  beforeAll(async () => {
    aliceOrder = (await placeOrder(ctx, alice, plans.standardMonthly._id)).json().insertedId;
  });

  it("lists only the caller's own orders, and refuses another customer's address", async () => {
    const own = await ctx.app.inject({ method: "GET", url: "/api/order", headers: { cookie: bob.cookie } });
    expect(own.json()).toEqual([]);
    const snooping = await ctx.app.inject({
      method: "GET",
      url: `/api/order?email=${encodeURIComponent(alice.email)}`,
      headers: { cookie: bob.cookie },
    });
    expect(snooping.statusCode).toBe(403);
    const asAdmin = await ctx.app.inject({
      method: "GET",
      url: `/api/order?email=${encodeURIComponent(alice.email)}`,
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.json().map((order: { email: string }) => order.email)).toEqual([alice.email, alice.email]);
  });

  it("does not let another customer read, pay, delete or see the payments of an order", async () => {
    const headers = { cookie: bob.cookie };
    const read = await ctx.app.inject({
      method: "GET",
      url: `/api/dashboard/payment/${aliceOrder}`,
      headers,
    });
    const pay = await openPayment(ctx, bob, aliceOrder);
    const patch = await ctx.app.inject({
      method: "PATCH",
      url: `/api/order/${aliceOrder}`,
      headers,
      payload: { transactionId: "pi_anything" },
    });
    const remove = await ctx.app.inject({ method: "DELETE", url: `/api/order/${aliceOrder}`, headers });
    const history = await ctx.app.inject({
      method: "GET",
      url: `/api/payment-history/${alice.email}`,
      headers,
    });
    expect([
      read.statusCode,
      pay.statusCode,
      patch.statusCode,
      remove.statusCode,
      history.statusCode,
    ]).toEqual([404, 404, 404, 404, 403]);
    expect(await ctx.db.$count(orders, eq(orders.id, aliceOrder))).toBe(1);
    const asAdmin = await ctx.app.inject({
      method: "GET",
      url: `/api/dashboard/payment/${aliceOrder}`,
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.json()).toMatchObject({ _id: aliceOrder, email: alice.email, currentPrice: 19 });
  });

  it("answers 404 for malformed order ids", async () => {
    const response = await ctx.app.inject({
      method: "DELETE",
      url: "/api/order/not-an-id",
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("paying an order", () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = (await placeOrder(ctx, bob, plans.find("Extended", "monthly")._id)).json().insertedId;
  });

  it("opens the payment for the order's amount, not the one the client sends", async () => {
    const response = await openPayment(ctx, bob, orderId, { currentPrice: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ amount: 79, currency: "usd", provider: "test" });
    const again = await openPayment(ctx, bob, orderId);
    expect(again.json().paymentIntentId).toBe(response.json().paymentIntentId);
  });

  it("records nothing for an invented or unfinished transaction", async () => {
    const invented = await ctx.app.inject({
      method: "PATCH",
      url: `/api/order/${orderId}`,
      headers: { cookie: bob.cookie },
      payload: { transactionId: "pi_made_up", paymentTime: new Date().toISOString(), currentPrice: 79 },
    });
    expect(invented.statusCode).toBe(422);
    const opened = (await openPayment(ctx, bob, orderId)).json();
    const unfinished = await ctx.app.inject({
      method: "PATCH",
      url: `/api/order/${orderId}`,
      headers: { cookie: bob.cookie },
      payload: { transactionId: opened.paymentIntentId },
    });
    expect(unfinished.statusCode).toBe(422);
    expect(await ctx.db.$count(payments)).toBe(0);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.paid).toBe(false);
  });

  it.each([
    ["4000 0000 0000 0002", {}, "Your card was declined."],
    ["4000 0000 0000 9995", {}, "Your card has insufficient funds."],
    ["4242 4242 4242 4242", { expiry: "13/40" }, "Your card's expiration date is invalid."],
    ["4242 4242 4242 4242", { expiry: "01/20" }, "Your card has expired."],
    ["4242 4242 4242 4242", { cvc: "1" }, "Your card's security code is invalid."],
    ["4242 4242 4242 4241", {}, "Your card number is incorrect."],
  ])("refuses card %s %o with “%s”", async (card, extra, message) => {
    const response = await payWithTestCard(ctx, bob, orderId, card, extra);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(message);
    expect(await ctx.db.$count(payments)).toBe(0);
  });

  it("marks the order paid once with 4242…, however often the client reports it", async () => {
    const paid = await payWithTestCard(ctx, bob, orderId, "4242 4242 4242 4242");
    expect(paid.statusCode).toBe(200);
    const { paymentIntentId } = paid.json();
    const report = () =>
      ctx.app.inject({
        method: "PATCH",
        url: `/api/order/${orderId}`,
        headers: { cookie: bob.cookie },
        payload: { transactionId: paymentIntentId, currentPrice: 0, paymentTime: "2000-01-01T00:00:00Z" },
      });
    const [first, second] = [await report(), await report()];
    expect(first.json()).toEqual({ modifiedCount: 0, paid: true, transactionId: paymentIntentId });
    expect(second.statusCode).toBe(200);
    expect(await ctx.db.$count(payments, eq(payments.orderId, orderId))).toBe(1);

    const history = await ctx.app.inject({
      method: "GET",
      url: `/api/payment-history/${bob.email}`,
      headers: { cookie: bob.cookie },
    });
    expect(history.json()).toEqual([
      expect.objectContaining({
        transactionId: paymentIntentId,
        currentPrice: 79,
        service: "Extended",
        orderId,
      }),
    ]);
    const order = (
      await ctx.app.inject({ method: "GET", url: "/api/order", headers: { cookie: bob.cookie } })
    ).json()[0];
    expect(order).toMatchObject({ paid: true, transactionId: paymentIntentId });
  });

  it("refuses to record another transaction for an order that is already paid", async () => {
    const report = (transactionId: string) =>
      ctx.app.inject({
        method: "PATCH",
        url: `/api/order/${orderId}`,
        headers: { cookie: bob.cookie },
        payload: { transactionId },
      });
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    const paidBy = order?.transactionId ?? "";
    // A second charge the provider reports as succeeded for the same order and amount.
    const second = `pi_test_second_${orderId.slice(0, 8)}`;
    await ctx.db.insert(testPaymentIntents).values({
      id: second,
      clientSecret: `${second}_secret`,
      orderId,
      amountCents: 7_900,
      currency: "usd",
      status: "succeeded",
      succeededAt: new Date(),
    });
    const refused = await report(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("This order is already paid.");
    const again = await report(paidBy);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ modifiedCount: 0, paid: true, transactionId: paidBy });
    expect(await ctx.db.$count(payments, eq(payments.orderId, orderId))).toBe(1);
  });

  it("keeps a paid order: it cannot be deleted or paid again", async () => {
    const remove = await ctx.app.inject({
      method: "DELETE",
      url: `/api/order/${orderId}`,
      headers: { cookie: bob.cookie },
    });
    expect(remove.statusCode).toBe(409);
    expect((await openPayment(ctx, bob, orderId)).statusCode).toBe(409);
  });

  it("allows twenty test-card attempts a minute per account, not per address", async () => {
    const [carol, dave] = [await createAccount(ctx), await createAccount(ctx)];
    const attempt = async (account: TestAccount) => {
      const id = (await placeOrder(ctx, account, plans.standardMonthly._id)).json().insertedId;
      const intent = (await openPayment(ctx, account, id)).json();
      return () =>
        ctx.app.inject({
          method: "POST",
          url: "/api/payments/test/confirm",
          headers: { cookie: account.cookie },
          payload: { ...intent, cardNumber: "4000000000000002", expiry: "12/40", cvc: "123" },
        });
    };
    const carolTries = await attempt(carol);
    for (let index = 0; index < 20; index += 1) expect((await carolTries()).statusCode).toBe(422);
    expect((await carolTries()).statusCode).toBe(429);
    expect((await (await attempt(dave))()).statusCode).toBe(422);
  });

  it("deletes an unpaid order of the caller's", async () => {
    const id = (await placeOrder(ctx, bob, plans.find("Standard", "yearly")._id)).json().insertedId;
    const response = await ctx.app.inject({
      method: "DELETE",
      url: `/api/order/${id}`,
      headers: { cookie: bob.cookie },
    });
    expect(response.json()).toEqual({ deletedCount: 1 });
  });
});
