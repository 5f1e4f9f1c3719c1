import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../../test/helpers.js";
import { placeOrder, placePaidOrder, planIds } from "../../../../test/orders.js";
import { subscriptions } from "../../../db/schema.js";
import { monthlyValue, subscriptionSummary } from "./service.js";

let ctx: TestContext;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

/** The summary worked out from every subscription, as it was read before it was kept. */
async function countedByHand() {
  const [row] = await ctx.db
    .select({
      mrrCents: sql<number>`coalesce(round(sum(${monthlyValue})
        filter (where ${subscriptions.status} in ('active', 'past_due'))), 0)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${subscriptions.status} = 'active')`.mapWith(Number),
      pastDue: sql<number>`count(*) filter (where ${subscriptions.status} = 'past_due')`.mapWith(Number),
      canceled: sql<number>`count(*) filter (where ${subscriptions.status} = 'canceled')`.mapWith(Number),
    })
    .from(subscriptions);
  return {
    monthlyRecurringRevenue: (row?.mrrCents ?? 0) / 100,
    active: row?.active ?? 0,
    pastDue: row?.pastDue ?? 0,
    canceled: row?.canceled ?? 0,
  };
}

describe("the subscriptions summary kept beside the subscriptions", () => {
  it("matches every subscription counted by hand through new, repriced, past-due, cancelled and deleted ones", async () => {
    const customer = await createAccount(ctx);
    const monthly = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    const yearly = await placePaidOrder(ctx, customer, plans.premiumYearly._id);
    const other = await placePaidOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
    const summary = async () => {
      const { currency: _currency, ...kept } = await subscriptionSummary(ctx.db);
      return kept;
    };
    expect((await countedByHand()).active).toBeGreaterThanOrEqual(3);
    expect(await summary()).toEqual(await countedByHand());

    // A yearly plan's twelfth that is not whole cents, a recurring add-on, a declined renewal.
    await ctx.db
      .update(subscriptions)
      .set({ priceCents: 100_001, recurringLinesCents: 700 })
      .where(eq(subscriptions.orderId, yearly));
    await ctx.db.update(subscriptions).set({ status: "past_due" }).where(eq(subscriptions.orderId, monthly));
    expect(await summary()).toEqual(await countedByHand());

    // Cancelled, ended, and one removed.
    await ctx.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.orderId, monthly));
    await ctx.db.update(subscriptions).set({ status: "ended" }).where(eq(subscriptions.orderId, yearly));
    const buyer = await createAccount(ctx);
    const unpaid: string = (await placeOrder(ctx, buyer, plans.standardMonthly._id)).json().insertedId;
    const now = new Date();
    await ctx.db.insert(subscriptions).values({
      orderId: unpaid,
      userId: buyer.id,
      interval: "monthly",
      priceCents: 4_999,
      anchorAt: now,
      currentPeriodStart: now,
      currentPeriodEnd: now,
      provider: "test",
    });
    expect(await summary()).toEqual(await countedByHand());
    await ctx.db.delete(subscriptions).where(eq(subscriptions.orderId, unpaid));
    await ctx.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.orderId, other));
    expect(await summary()).toEqual(await countedByHand());
  });
});
