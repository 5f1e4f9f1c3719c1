import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createAccount } from "../test/accounts.js";
import { createTestApp, type TestContext } from "../test/helpers.js";
import { payWithTestCard, placeOrder, planIds } from "../test/orders.js";
import { customerCall, quoteBody, salesDetail, signed, tokenOf, writeQuote } from "../test/sales.js";
import { orders, payments, salesDocuments } from "./db/schema.js";
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
    const off = onDomainEvent("order.paid", async (_tx, { order }) => {
      if (order.id === orderId) throw new Error("the reaction failed");
    });
    onTestFinished(off);
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(500);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paid: false, state: null });
    expect(await ctx.db.select().from(payments).where(eq(payments.orderId, orderId))).toEqual([]);
  });
});

describe("the events of assignments, quotes and invoices", () => {
  it("commit with their cause: a failing reaction to an assignment leaves the order unassigned", async () => {
    const owner = await createAccount(ctx, { role: "owner" });
    const staff = await createAccount(ctx, { role: "staff" });
    const customer = await createAccount(ctx);
    const { standardMonthly } = await planIds(ctx);
    const orderId: string = (await placeOrder(ctx, customer, standardMonthly._id)).json().insertedId;
    const off = onDomainEvent("order.assigned", async (_tx, { order }) => {
      if (order.id === orderId) throw new Error("the reaction failed");
    });
    onTestFinished(off);
    const assigned = await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/orders/${orderId}/assignee`,
      headers: { cookie: owner.cookie },
      payload: { assigneeId: staff.id },
    });
    expect(assigned.statusCode).toBe(500);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.assigneeId).toBeNull();
  });

  it("commit with their cause: a failing reaction to a sent quote leaves it a draft, its number unused", async () => {
    const owner = await createAccount(ctx, { role: "owner" });
    const id = await writeQuote(ctx, owner, { body: quoteBody({ email: "refused-send@example.com" }) });
    const off = onDomainEvent("quote.sent", async (_tx, { quote }) => {
      if (quote.id === id) throw new Error("the reaction failed");
    });
    onTestFinished(off);
    const sent = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/sales/${id}/send`,
      headers: { cookie: owner.cookie },
    });
    expect(sent.statusCode).toBe(500);
    expect(await salesDetail(ctx, owner, id)).toMatchObject({ state: "draft", number: null, link: null });
  });

  it("commit with their cause: a failing reaction to a quote's new order leaves no order to pay", async () => {
    const owner = await createAccount(ctx, { role: "owner" });
    const email = "refused-order@example.com";
    const customer = await createAccount(ctx, { email });
    const id = await writeQuote(ctx, owner, { body: quoteBody({ email }), send: true });
    const token = await tokenOf(ctx, owner, id);
    expect((await customerCall(ctx, customer, "POST", `${token}/accept`, signed())).statusCode).toBe(200);
    const off = onDomainEvent("order.created", async (_tx, { orders: created }) => {
      if (created.some(({ row }) => row.userId === customer.id)) throw new Error("the reaction failed");
    });
    onTestFinished(off);
    expect((await customerCall(ctx, customer, "POST", `${token}/pay`)).statusCode).toBe(500);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
    const [quote] = await ctx.db.select().from(salesDocuments).where(eq(salesDocuments.id, id));
    expect(quote?.orderId).toBeNull();
  });
});
