import { Overview, type OverviewChurnMonth } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { payWithTestCard, placeOrder, planIds } from "../../../test/orders.js";
import { mySubscription, runJobsAt } from "../../../test/subscriptions.js";

// Churn with billing's clock moved through three calendar months (UTC): subscriptions bought in
// the first, renewed, declined, cancelled and ended in the second (the previous month) and the
// third (this month, where the Overview is read).

let ctx: TestContext;
let owner: TestAccount;
let overview: Overview;
/** What the story adds up to, in cents of monthly recurring revenue (a yearly plan counts a twelfth). */
let story: {
  startPrevious: number;
  lostPrevious: number;
  startThis: number;
  lostThis: number;
  now: number;
  standard: number;
};
let pastDueOrder: { orderId: string; number: number; customer: string; dueSince: string };
/** G: past due, and cancelled by its customer in the last test. */
let pastDueBuyer: Buyer;

const DAY_MS = 24 * 60 * 60 * 1000;
const declinesLater = "4000000000000341";

type Buyer = { account: TestAccount; orderId: string; subscriptionId: string; periodEnd: string };

/** A customer's plan, paid now by billing's clock (with a card that declines renewals when asked). */
async function buy(plan: { _id: string; newPrice: number; duration: string }, card?: string): Promise<Buyer> {
  const account = await createAccount(ctx);
  const orderId: string = (await placeOrder(ctx, account, plan._id)).json().insertedId;
  expect((await payWithTestCard(ctx, account, orderId, card)).statusCode).toBe(200);
  const subscription = await mySubscription(ctx, account, orderId);
  return { account, orderId, subscriptionId: subscription._id, periodEnd: subscription.currentPeriodEnd };
}

async function subscriptionCall(buyer: Buyer, action: "cancel" | "resume", reason?: string) {
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/subscriptions/${buyer.subscriptionId}/${action}`,
    headers: { cookie: buyer.account.cookie },
    payload: reason === undefined ? {} : { reason },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const latest = (...times: string[]) => new Date(Math.max(...times.map((time) => Date.parse(time))));

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { admin: true });
  const plans = await planIds(ctx);
  const standard = plans.standardMonthly;
  const premiumMonthly = plans.find("Premium", "monthly");
  const extendedMonthly = plans.find("Extended", "monthly");
  const standardYearly = plans.find("Standard", "yearly");
  const extendedYearly = plans.find("Extended", "yearly");
  const now = ctx.clock.now();
  // Day `day` of the k-th month of the story (0: the first; 1: the previous month; 2: this month).
  const day = (k: number, date: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2 + k, date, 12));

  // The first month: six subscriptions start.
  ctx.clock.moveTo(day(0, 10));
  const a = await buy(standard);
  const b = await buy(plans.premiumYearly);
  const c = await buy(standard);
  const d = await buy(premiumMonthly, declinesLater);
  const e = await buy(extendedMonthly);
  const h = await buy(standardYearly);

  // The previous month: the monthly plans renew, but D's card is declined, retried and ended for
  // good; C is cancelled (not renewed at its period's end); G starts with a card that will decline.
  await runJobsAt(ctx, latest(a.periodEnd, c.periodEnd, d.periodEnd, e.periodEnd));
  await runJobsAt(ctx, new Date(Date.parse(d.periodEnd) + 6 * DAY_MS));
  expect((await mySubscription(ctx, d.account, d.orderId)).status).toBe("ended");
  ctx.clock.moveTo(day(1, 20));
  await subscriptionCall(c, "cancel", "Budget cut");
  const g = await buy(standard, declinesLater);

  // This month: G's renewal is declined (past due, retried tomorrow); A and B cancel for the same
  // reason in other words' case, E without one; F starts and cancels at once; H cancels and resumes.
  await runJobsAt(ctx, g.periodEnd);
  expect((await mySubscription(ctx, g.account, g.orderId)).status).toBe("past_due");
  await subscriptionCall(a, "cancel", "too expensive");
  await subscriptionCall(b, "cancel", "Too Expensive");
  await subscriptionCall(e, "cancel");
  const f = await buy(extendedYearly);
  await subscriptionCall(f, "cancel", "Found another agency");
  await subscriptionCall(h, "cancel", "Oops");
  await subscriptionCall(h, "resume");

  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/admin/overview",
    headers: { cookie: owner.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  overview = Overview.parse(response.json());

  const monthly = (plan: { newPrice: number; duration: string }) =>
    (plan.newPrice * 100) / (plan.duration === "yearly" ? 12 : 1);
  // Each subscription's monthly value, by the letter the story gives it.
  const A = monthly(standard);
  const B = monthly(plans.premiumYearly);
  const C = monthly(standard);
  const D = monthly(premiumMonthly);
  const E = monthly(extendedMonthly);
  const G = monthly(standard);
  const H = monthly(standardYearly);
  story = {
    startPrevious: A + B + C + D + E + H,
    lostPrevious: C + D,
    startThis: A + B + E + G + H,
    lostThis: A + B + E,
    now: G + H,
    standard: monthly(standard),
  };
  const gOrder = (
    await ctx.app.inject({
      method: "GET",
      url: `/api/admin/orders/${g.orderId}`,
      headers: { cookie: owner.cookie },
    })
  ).json();
  pastDueBuyer = g;
  pastDueOrder = { orderId: g.orderId, number: gOrder.number, customer: gOrder.name, dueSince: g.periodEnd };
});
afterAll(() => ctx.close());

/** A month's figures as the definition gives them, from the cents the story adds up. */
function expected(start: number, lost: number, cancellations: number, failedRenewals: number) {
  const atStart = Math.round(start);
  const gone = Math.round(lost);
  return {
    cancellations,
    failedRenewals,
    recurringRevenueAtStart: atStart / 100,
    recurringRevenueLost: gone / 100,
    churnRate: Math.round((gone / atStart) * 10_000) / 10_000,
  } satisfies Omit<OverviewChurnMonth, "month">;
}

describe("churn in the Overview", () => {
  it("counts this month's and the previous month's cancellations and failed renewals", () => {
    const { thisMonth, previousMonth } = overview.churn;
    expect(thisMonth.month).toBe(overview.months.at(-1)?.month);
    expect(previousMonth.month).toBe(overview.months.at(-2)?.month);
    // This month A, B, E and F (H resumed); the previous month C. One failed renewal in each
    // (G this month; D the previous month, however often it was retried).
    expect([thisMonth.cancellations, previousMonth.cancellations]).toEqual([4, 1]);
    expect([thisMonth.failedRenewals, previousMonth.failedRenewals]).toEqual([1, 1]);
  });

  it("works out the churn rate: recurring revenue lost in the month over what recurred at its start", () => {
    const { thisMonth, previousMonth } = overview.churn;
    // The previous month started with A, B, C, D, E and H and lost C (cancelled) and D (ended).
    expect(previousMonth).toMatchObject(expected(story.startPrevious, story.lostPrevious, 1, 1));
    // This month started with A, B, E, G and H (C and D had stopped; F had not started) and lost
    // A, B and E; F started and stopped within it, and G, past due, still renews.
    expect(thisMonth).toMatchObject(expected(story.startThis, story.lostThis, 4, 1));
    expect(overview.monthlyRecurringRevenue).toBe(Math.round(story.now) / 100);
  });

  it("groups this month's reasons, the most given first, whatever their case", () => {
    expect(overview.churn.reasons.map((item) => [item.reason?.toLowerCase() ?? null, item.count])).toEqual([
      ["too expensive", 2],
      ["found another agency", 1],
      [null, 1],
    ]);
  });

  it("lists the past-due subscriptions with their orders", () => {
    expect(overview.subscriptions.pastDue).toBe(1);
    const dueSince = pastDueOrder.dueSince;
    expect(overview.pastDue).toEqual([
      {
        orderId: pastDueOrder.orderId,
        orderNumber: pastDueOrder.number,
        customer: pastDueOrder.customer,
        service: "Standard (monthly)",
        dueSince,
        failedAttempts: 1,
        nextAttemptAt: new Date(Date.parse(dueSince) + DAY_MS).toISOString(),
        amount: story.standard / 100,
      },
    ]);
  });
});

describe("the Overview a browser has", () => {
  const get = (etag?: string) =>
    ctx.app.inject({
      method: "GET",
      url: "/api/admin/overview",
      headers: { cookie: owner.cookie, ...(etag ? { "if-none-match": etag } : {}) },
    });

  it("is answered with 304 while nothing changed, and in full once a subscription changes", async () => {
    const first = await get();
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    expect((await get(etag)).statusCode).toBe(304);

    // The past-due customer cancels: the lists show it on the next call, figures kept or not.
    await subscriptionCall(pastDueBuyer, "cancel", "Card expired, not renewing");
    const changed = await get(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const after = Overview.parse(changed.json());
    expect(after.recentCancellations[0]).toMatchObject({
      orderId: pastDueOrder.orderId,
      reason: "Card expired, not renewing",
    });
    expect((await get(changed.headers.etag as string)).statusCode).toBe(304);
  });
});
