import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { openPayment, placeOrder, planIds } from "../../../test/orders.js";

let ctx: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
});
afterAll(() => ctx.close());

describe("all orders and payment details for admins", () => {
  it("pages the orders and counts total, paid and unpaid over all of them", async () => {
    const plans = await planIds(ctx);
    const customers = [await createAccount(ctx), await createAccount(ctx), await createAccount(ctx)];
    const ids: string[] = [];
    for (const customer of customers) {
      for (const plan of [plans.standardMonthly, plans.premiumYearly]) {
        ids.push((await placeOrder(ctx, customer, plan._id)).json().insertedId);
      }
    }
    // The first customer pays their first order with a test card.
    const buyer = customers[0] as TestAccount;
    const intent = (await openPayment(ctx, buyer, ids[0] as string)).json();
    await ctx.app.inject({
      method: "POST",
      url: "/api/payments/test/confirm",
      headers: { cookie: buyer.cookie },
      payload: { ...intent, cardNumber: "4242424242424242", expiry: "12/40", cvc: "123" },
    });

    const page = (n: number) =>
      ctx.app.inject({
        method: "GET",
        url: `/api/orders?page=${n}&size=4`,
        headers: { cookie: admin.cookie },
      });
    const first = (await page(0)).json();
    const second = (await page(1)).json();
    expect(first.counts).toEqual({ total: 6, paid: 1, unpaid: 5 });
    expect(second.counts).toEqual(first.counts);
    expect(first.orders).toHaveLength(4);
    expect(second.orders).toHaveLength(2);
    const listed = [...first.orders, ...second.orders].map((order: { _id: string }) => order._id);
    expect(new Set(listed)).toEqual(new Set(ids));

    const details = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/payment/${ids[0]}`,
      headers: { cookie: admin.cookie },
    });
    const number = [...first.orders, ...second.orders].find(
      (order: { _id: string }) => order._id === ids[0],
    ).number;
    expect(details.json()).toMatchObject({
      order: { _id: ids[0], number, paid: true, email: buyer.email, currentPrice: 19 },
      payment: {
        transactionId: intent.paymentIntentId,
        orderNumber: number,
        currentPrice: 19,
        provider: "test",
      },
    });
    const history = await ctx.app.inject({
      method: "GET",
      url: `/api/payment-history/${buyer.email}`,
      headers: { cookie: buyer.cookie },
    });
    expect(history.json()).toEqual([expect.objectContaining({ orderId: ids[0], orderNumber: number })]);
    const unpaid = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/payment/${ids[1]}`,
      headers: { cookie: admin.cookie },
    });
    expect(unpaid.json()).toMatchObject({ order: { paid: false }, payment: null });
    const malformed = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/payment/nope",
      headers: { cookie: admin.cookie },
    });
    expect(malformed.statusCode).toBe(404);
  });
});
