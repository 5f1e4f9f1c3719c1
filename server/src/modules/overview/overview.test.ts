import { Overview, SubscriptionSummary } from "@agency/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";
import { rowsOf } from "../../db/rows.js";
import { leads, orders, payments, user } from "../../db/schema.js";
import { OVERVIEW_MAX_AGE_MS, OVERVIEW_PAYMENT_DELAY_MS } from "./service.js";

let ctx: TestContext;
let admin: TestAccount;
let standard: { _id: string; newPrice: number };
let premium: { _id: string; newPrice: number };
/** The calendar months (UTC) of the Overview, oldest first, as the test works them out. */
let monthKeys: string[];
let mondayKeys: string[];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Noon UTC on the 15th, `back` calendar months before the clock's month. */
function monthsAgo(back: number): Date {
  const now = ctx.clock.now();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12));
}

/** Noon UTC on the Tuesday `back` weeks before the clock's week. */
function weeksAgo(back: number): Date {
  const now = ctx.clock.now();
  const monday =
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) -
    ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return new Date(monday - back * 7 * DAY_MS + DAY_MS + 12 * 60 * 60 * 1000);
}

/** Moves an order's payment (and its payment time) to another time, as if it was paid then. */
async function paidAt(orderId: string, time: Date) {
  await ctx.db
    .update(payments)
    .set({ paymentTime: time, createdAt: time })
    .where(eq(payments.orderId, orderId));
  await ctx.db.update(orders).set({ paymentTime: time, createdAt: time }).where(eq(orders.id, orderId));
}

const signedUpAt = (account: TestAccount, time: Date) =>
  ctx.db.update(user).set({ createdAt: time }).where(eq(user.id, account.id));

async function readOverview(account: TestAccount = admin) {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/admin/overview",
    headers: { cookie: account.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return Overview.parse(response.json());
}

const send = (url: string, payload: object) => ctx.app.inject({ method: "POST", url, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
  const plans = await planIds(ctx);
  standard = plans.standardMonthly;
  premium = plans.premiumYearly;
  const now = ctx.clock.now();
  monthKeys = Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
  );
  mondayKeys = Array.from({ length: 12 }, (_, i) =>
    new Date(weeksAgo(11 - i).getTime() - DAY_MS - 12 * 60 * 60 * 1000).toISOString().slice(0, 10),
  );

  // This month: a monthly plan paid, and another customer's paid and then refunded in full.
  const monthly = await createAccount(ctx);
  await placePaidOrder(ctx, monthly, standard._id);
  const refunded = await createAccount(ctx);
  const refundedOrder = await placePaidOrder(ctx, refunded, standard._id);
  const cancel = await ctx.app.inject({
    method: "POST",
    url: `/api/admin/orders/${refundedOrder}/cancel`,
    headers: { cookie: admin.cookie },
    payload: { refund: true, note: "Changed their mind" },
  });
  expect(cancel.statusCode, cancel.body).toBe(200);

  // Three months ago: a yearly plan, by a customer who signed up two months before this one.
  const yearly = await createAccount(ctx);
  await paidAt(await placePaidOrder(ctx, yearly, premium._id), monthsAgo(3));
  await signedUpAt(yearly, monthsAgo(2));

  // Thirteen months ago, outside the twelve: a yearly plan still renewing, and its customer.
  const longAgo = await createAccount(ctx);
  await paidAt(await placePaidOrder(ctx, longAgo, premium._id), monthsAgo(13));
  await signedUpAt(longAgo, monthsAgo(14));

  // An order waiting for its payment.
  expect((await placeOrder(ctx, await createAccount(ctx), premium._id)).statusCode).toBe(200);

  // Leads: this week a contact message and a confirmed newsletter sign-up (an unconfirmed one
  // does not count), a query three weeks ago and one before the twelve weeks.
  expect(
    (await send("/api/leads/contact", { name: "Ann", email: "ann@example.com", message: "Hi" })).statusCode,
  ).toBe(201);
  expect((await send("/api/newsletter", { email: "news@example.com" })).statusCode).toBe(201);
  expect((await send("/api/newsletter", { email: "unconfirmed@example.com" })).statusCode).toBe(201);
  await ctx.db.update(leads).set({ confirmedAt: new Date() }).where(eq(leads.email, "news@example.com"));
  for (const [email, back] of [
    ["query@example.com", 3],
    ["old-query@example.com", 12],
  ] as const) {
    expect((await send("/api/leads/query", { website: "https://example.com", email })).statusCode).toBe(201);
    await ctx.db
      .update(leads)
      .set({ createdAt: weeksAgo(back) })
      .where(eq(leads.email, email));
  }
});
afterAll(() => ctx.close());

describe("the owner's overview", () => {
  it("answers revenue net of refunds for each of the last twelve months, zero where nothing was paid", async () => {
    const overview = await readOverview();
    expect(overview.timeZone).toBe("UTC");
    expect(overview.months.map((month) => month.month)).toEqual(monthKeys);
    const revenue = Object.fromEntries(overview.months.map((month) => [month.month, month.revenue]));
    // This month: two monthly plans paid and one of them refunded; three months ago the yearly plan.
    expect(revenue[monthKeys[11] as string]).toBe(standard.newPrice);
    expect(overview.revenueThisMonth).toBe(standard.newPrice);
    expect(revenue[monthKeys[8] as string]).toBe(premium.newPrice);
    for (const [index, key] of monthKeys.entries()) {
      if (index !== 8 && index !== 11) expect(revenue[key], key).toBe(0);
    }
  });

  it("answers the recurring revenue of the subscriptions summary, orders paid and unpaid, and new customers", async () => {
    const overview = await readOverview();
    const summary = SubscriptionSummary.parse(
      (
        await ctx.app.inject({
          method: "GET",
          url: "/api/admin/subscriptions/summary",
          headers: { cookie: admin.cookie },
        })
      ).json(),
    );
    // The monthly plan, and the two yearly plans at a twelfth each (the refunded plan has ended).
    const expectedCents = Math.round(standard.newPrice * 100 + (2 * premium.newPrice * 100) / 12);
    expect(overview.monthlyRecurringRevenue).toBe(expectedCents / 100);
    expect(overview.monthlyRecurringRevenue).toBe(summary.monthlyRecurringRevenue);
    expect(overview.subscriptions).toEqual({ active: 3, pastDue: 0, canceled: 0 });
    expect(overview.orders).toEqual({ total: 5, paid: 4, unpaid: 1 });
    // Signed up this month: the monthly customer, the refunded one and the one who has not paid
    // (the admin is no customer); two months ago the yearly one; the oldest is outside the year.
    expect(overview.newCustomersThisMonth).toBe(3);
    expect(overview.months.map((month) => month.newCustomers)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 3]);
  });

  it("counts leads by kind for each of the last twelve weeks", async () => {
    const overview = await readOverview();
    expect(overview.leadsByWeek.map((week) => week.week)).toEqual(mondayKeys);
    const weeks = overview.leadsByWeek;
    expect(weeks[11]).toMatchObject({ contact: 1, query: 0, newsletter: 1 });
    expect(weeks[8]).toMatchObject({ contact: 0, query: 1, newsletter: 0 });
    const total = weeks.reduce((sum, week) => sum + week.contact + week.query + week.newsletter, 0);
    expect(total).toBe(3);
  });

  it("ranks the plans of the last twelve months by revenue and by orders, with their names", async () => {
    const { topPlans } = await readOverview();
    const standardEntry = {
      planId: standard._id,
      service: "Standard",
      duration: "monthly",
      revenue: standard.newPrice,
      orders: 2,
    };
    const premiumEntry = {
      planId: premium._id,
      service: "Premium",
      duration: "yearly",
      revenue: premium.newPrice,
      orders: 1,
    };
    const byRevenue =
      premium.newPrice > standard.newPrice ? [premiumEntry, standardEntry] : [standardEntry, premiumEntry];
    expect(topPlans.byRevenue).toEqual(byRevenue);
    expect(topPlans.byOrders).toEqual([standardEntry, premiumEntry]);
  });

  it("keeps its figures briefly, and shows a new payment within seconds", async () => {
    const before = await readOverview();
    expect(
      (await send("/api/leads/contact", { name: "Bo", email: "bo@example.com", message: "Hi" })).statusCode,
    ).toBe(201);
    const cached = await readOverview();
    expect(cached).toEqual(before);

    ctx.clock.advance(OVERVIEW_MAX_AGE_MS + 1000);
    const later = await readOverview();
    expect(later.leadsByWeek.at(-1)?.contact ?? 0).toBeGreaterThanOrEqual(
      (before.leadsByWeek.at(-1)?.contact ?? 0) + 1,
    );

    await placePaidOrder(ctx, await createAccount(ctx), premium._id);
    ctx.clock.advance(OVERVIEW_PAYMENT_DELAY_MS + 1000);
    const paid = await readOverview();
    expect(paid.orders.paid).toBe(later.orders.paid + 1);
    expect(paid.topPlans.byOrders.find((plan) => plan.planId === premium._id)?.orders).toBe(2);
  });

  it("keeps its figures per month and plan equal to the payments and orders, through moves and deletions", async () => {
    // A payment moved to another month, and an unpaid order deleted, change the kept figures.
    const moved = await placePaidOrder(ctx, await createAccount(ctx), standard._id);
    await paidAt(moved, monthsAgo(5));
    const unpaid = await createAccount(ctx);
    const order = (await placeOrder(ctx, unpaid, standard._id)).json().insertedId as string;
    await ctx.db.delete(orders).where(eq(orders.id, order));

    type FigureRow = { month: string; plan_id: string; cents: unknown; orders: unknown };
    const kept = await rowsOf<FigureRow>(
      ctx.db,
      sql`
      select to_char(month, 'YYYY-MM') as month, plan_id, revenue_cents::bigint as cents, paid_orders as orders
      from plan_months where revenue_cents <> 0 or paid_orders <> 0 order by 1, 2`,
    );
    const computed = await rowsOf<FigureRow>(
      ctx.db,
      sql`
      select month, plan_id, sum(cents)::bigint as cents, sum(bought)::int as orders from (
        select to_char(date_trunc('month', p.payment_time at time zone 'UTC'), 'YYYY-MM') as month,
          o.plan_id, p.amount_cents as cents, 0 as bought
        from payments p join orders o on o.id = p.order_id
        union all
        select to_char(date_trunc('month', payment_time at time zone 'UTC'), 'YYYY-MM'), plan_id, 0, 1
        from orders where payment_time is not null
      ) figures group by 1, 2 having sum(cents) <> 0 or sum(bought) <> 0 order by 1, 2`,
    );
    const rows = (figures: FigureRow[]) =>
      figures.map((row) => [row.month, row.plan_id, Number(row.cents), Number(row.orders)]);
    expect(rows(kept)).toEqual(rows(computed));
    expect(rows(kept).some(([month]) => month === monthKeys[6])).toBe(true);
  });

  it("is refused to visitors and customers", async () => {
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/admin/overview" });
    expect(anonymous.statusCode).toBe(401);
    const customer = await createAccount(ctx);
    const refused = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/overview",
      headers: { cookie: customer.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});
