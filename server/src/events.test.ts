import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../test/accounts.js";
import { createTestApp, type TestContext } from "../test/helpers.js";
import { payWithTestCard, placeOrder, planIds } from "../test/orders.js";
import { orders, payments } from "./db/schema.js";
import { onDomainEvent } from "./events.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("a paid order's event", () => {
  it("starts the order's work in the payment's transaction", async () => {
    const customer = await createAccount(ctx);
    const { standardMonthly } = await planIds(ctx);
    const orderId: string = (await placeOrder(ctx, customer, standardMonthly._id)).json().insertedId;
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paid: true, state: "submitted" });
  });

  it("takes the payment back with it when a reaction fails: nothing is half written", async () => {
    const customer = await createAccount(ctx);
    const { standardMonthly } = await planIds(ctx);
    const orderId: string = (await placeOrder(ctx, customer, standardMonthly._id)).json().insertedId;
    // A listener that refuses this one order, as a failing reaction would.
    onDomainEvent("order.paid", async (_tx, { order }) => {
      if (order.id === orderId) throw new Error("the reaction failed");
    });
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(500);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paid: false, state: null });
    expect(await ctx.db.select().from(payments).where(eq(payments.orderId, orderId))).toEqual([]);
  });
});
