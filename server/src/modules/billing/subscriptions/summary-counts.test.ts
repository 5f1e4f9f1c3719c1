import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../../test/helpers.js";
import { placeOrder, placePaidOrder, planIds } from "../../../../test/orders.js";
import { subscriptions } from "../../../db/schema.js";
import { subscriptionFigures } from "./churn.js";
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

/**
 * This month's and the previous month's churn (UTC) worked out from every subscription that
 * started or stopped since the previous month began, as it was read before it was kept.
 */
async function churnByHand(now: Date) {
  const utc = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const [previous, current, next] = [utc(1), utc(0), utc(-1)];
  const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;
  const stopped = sql`coalesce(${subscriptions.canceledAt}, ${subscriptions.endedAt})`;
  // Twelve times the monthly value, summed in whole cents and divided once (a yearly plan's
  // twelfths summed one by one are rounded at each step).
  const x12 = sql`case when ${subscriptions.interval} = 'yearly' then 1 else 12 end
    * (${subscriptions.priceCents} + ${subscriptions.recurringLinesCents})`;
  const sum = (condition: SQL) =>
    sql<number>`coalesce(sum(${x12}) filter (where ${condition}), 0)`.mapWith((value) => Number(value) / 12);
  const startedSince = (from: Date) =>
    sum(sql`${subscriptions.anchorAt} >= ${at(from)} and ${subscriptions.canceledAt} is null
      and ${subscriptions.endedAt} is null and ${subscriptions.status} in ('active', 'past_due')`);
  const stoppedBetween = (from: Date, to?: Date) =>
    sum(sql`${subscriptions.anchorAt} < ${at(from)} and ${stopped} >= ${at(from)}
      ${to ? sql`and ${stopped} < ${at(to)}` : sql``}`);
  const cancelledIn = (from: Date, to: Date) =>
    sql<number>`count(*) filter (where ${subscriptions.canceledAt} >= ${at(from)} and ${subscriptions.canceledAt} < ${at(to)})`.mapWith(
      Number,
    );
  const [row] = await ctx.db
    .select({
      newSincePrevious: startedSince(previous),
      newSinceCurrent: startedSince(current),
      stoppedSincePrevious: stoppedBetween(previous),
      stoppedSinceCurrent: stoppedBetween(current),
      lostPrevious: stoppedBetween(previous, current),
      lostCurrent: stoppedBetween(current, next),
      cancelledPrevious: cancelledIn(previous, current),
      cancelledCurrent: cancelledIn(current, next),
    })
    .from(subscriptions);
  if (!row) throw new Error("No figures read.");
  const mrr = Math.round((await subscriptionSummary(ctx.db)).monthlyRecurringRevenue * 100);
  const month = (atStart: number, lost: number, cancellations: number) => ({
    recurringRevenueAtStart: Math.max(0, Math.round(atStart)) / 100,
    recurringRevenueLost: Math.round(lost) / 100,
    cancellations,
  });
  return {
    previousMonth: month(
      mrr - row.newSincePrevious + row.stoppedSincePrevious,
      row.lostPrevious,
      row.cancelledPrevious,
    ),
    thisMonth: month(
      mrr - row.newSinceCurrent + row.stoppedSinceCurrent,
      row.lostCurrent,
      row.cancelledCurrent,
    ),
  };
}

describe("the churn kept per month beside the subscriptions", () => {
  it("matches the subscriptions counted by hand through starts, cancellations, ends, price changes and deletions", async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const churn = async () => {
      const { previousMonth, thisMonth } = (await subscriptionFigures(ctx.db, now)).churn;
      const { recurringRevenueAtStart, recurringRevenueLost, cancellations } = previousMonth;
      const current = thisMonth;
      return {
        previousMonth: { recurringRevenueAtStart, recurringRevenueLost, cancellations },
        thisMonth: {
          recurringRevenueAtStart: current.recurringRevenueAtStart,
          recurringRevenueLost: current.recurringRevenueLost,
          cancellations: current.cancellations,
        },
      };
    };
    const bought = [];
    for (const plan of [
      plans.standardMonthly,
      plans.premiumYearly,
      plans.standardMonthly,
      plans.premiumYearly,
    ]) {
      bought.push(await placePaidOrder(ctx, await createAccount(ctx), plan._id));
    }
    const [a, b, c, d] = bought as [string, string, string, string];
    const set = (orderId: string, values: Partial<typeof subscriptions.$inferInsert>) =>
      ctx.db.update(subscriptions).set(values).where(eq(subscriptions.orderId, orderId));
    // Started long ago, two months ago and last month; one cancelled last month, one this month.
    await set(a, { anchorAt: daysAgo(400) });
    await set(b, { anchorAt: daysAgo(70) });
    await set(c, { anchorAt: daysAgo(45), priceCents: 12_345, recurringLinesCents: 900 });
    expect(await churn()).toEqual(await churnByHand(now));
    await set(a, { status: "canceled", canceledAt: daysAgo(35) });
    await set(b, { status: "canceled", canceledAt: now });
    await set(c, { status: "ended", endedAt: daysAgo(1) });
    expect(await churn()).toEqual(await churnByHand(now));
    // Resumed and repriced; one started last month without a payment, then removed.
    await set(b, { status: "active", canceledAt: null, priceCents: 200_001 });
    const buyer = await createAccount(ctx);
    const unpaid: string = (await placeOrder(ctx, buyer, plans.standardMonthly._id)).json().insertedId;
    await ctx.db.insert(subscriptions).values({
      orderId: unpaid,
      userId: buyer.id,
      interval: "monthly",
      priceCents: 4_999,
      anchorAt: daysAgo(31),
      // Its period runs on, so no renewal or end is due while the test reads.
      currentPeriodStart: now,
      currentPeriodEnd: daysAgo(-20),
      provider: "test",
      status: "canceled",
      canceledAt: daysAgo(2),
    });
    expect(await churn()).toEqual(await churnByHand(now));
    await ctx.db.delete(subscriptions).where(eq(subscriptions.orderId, unpaid));
    await set(d, { anchorAt: daysAgo(33) });
    expect(await churn()).toEqual(await churnByHand(now));
  });
});
