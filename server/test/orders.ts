import { AdminPlanList, OrderDetail, type PlanDetailsBody, PricingList } from "@agency/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../src/db/client.js";
import { rowsOf } from "../src/db/rows.js";
import type { TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";

export async function planIds(ctx: TestContext) {
  const plans = PricingList.parse((await ctx.app.inject({ method: "GET", url: "/api/pricing" })).json());
  const find = (service: string, duration: string) => {
    const plan = plans.find((p) => p.service === service && p.duration === duration);
    if (!plan) throw new Error(`no ${service} ${duration} plan`);
    return plan;
  };
  return { standardMonthly: find("Standard", "monthly"), premiumYearly: find("Premium", "yearly"), find };
}

export async function placeOrder(
  ctx: TestContext,
  account: TestAccount,
  serviceId: string,
  extra: object = {},
) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/order",
    headers: { cookie: account.cookie },
    payload: { serviceId, phone: "0123456789", ...extra },
  });
}

export async function openPayment(
  ctx: TestContext,
  account: TestAccount,
  orderId: string,
  extra: object = {},
) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/create-payment-intent",
    headers: { cookie: account.cookie },
    payload: { orderId, ...extra },
  });
}

/** Pays an order through the offline provider with a test card, as the payment page does. */
export async function payWithTestCard(
  ctx: TestContext,
  account: TestAccount,
  orderId: string,
  cardNumber = "4242424242424242",
  /** Other fields of the card form (expiry, cvc) to try instead of valid ones. */
  card: { expiry?: string; cvc?: string } = {},
) {
  const intent = (await openPayment(ctx, account, orderId)).json();
  return ctx.app.inject({
    method: "POST",
    url: "/api/payments/test/confirm",
    headers: { cookie: account.cookie },
    payload: {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      cardNumber,
      expiry: "12/40",
      cvc: "123",
      ...card,
    },
  });
}

/** Places an order of the plan and pays it with the test provider's succeeding card. */
export async function placePaidOrder(ctx: TestContext, account: TestAccount, serviceId: string) {
  const orderId: string = (await placeOrder(ctx, account, serviceId)).json().insertedId;
  const paid = await payWithTestCard(ctx, account, orderId);
  if (paid.statusCode !== 200) throw new Error(`the test payment failed: ${paid.body}`);
  return orderId;
}

/**
 * An order's detail as its customer and a member who sees money and customers get it: with every
 * field a narrower role's answer leaves out (parsing fails when one is missing).
 */
export const OrderSeenInFull = OrderDetail.required({
  email: true,
  phone: true,
  currentPrice: true,
  transactionId: true,
  payments: true,
  refunds: true,
});

/**
 * Saves a plan's details as the catalog editor would, with `changes` (expected hours, whether the
 * client sees hours, …) over what the plan has: answers the response.
 */
export async function editPlan(
  ctx: TestContext,
  member: TestAccount,
  planId: string,
  changes: Partial<PlanDetailsBody>,
) {
  const plans = AdminPlanList.parse(
    (
      await ctx.app.inject({
        method: "GET",
        url: "/api/admin/catalog/plans",
        headers: { cookie: member.cookie },
      })
    ).json(),
  );
  const plan = plans.find((item) => item._id === planId);
  if (!plan) throw new Error(`no plan ${planId}`);
  const body: PlanDetailsBody = {
    service: plan.service,
    title: plan.title,
    duration: plan.duration,
    month: plan.month,
    features: plan.serviceName.map((name, index) => ({
      name,
      detail: plan.serviceTitle[index] ?? "",
      included: plan.included[index] ?? false,
    })),
    highlighted: plan.highlighted,
    backgroundColor: plan.backgroundColor,
    color: plan.color,
    ...changes,
  };
  return ctx.app.inject({
    method: "PUT",
    url: `/api/admin/catalog/plans/${planId}`,
    headers: { cookie: member.cookie },
    payload: body,
  });
}

/**
 * The orders' day counts (migration 0069) as the trigger keeps them, and as the orders stored
 * now make them: each key and day with its count, the same in both when the counts are right.
 */
export async function orderDayCounts(db: Database) {
  const kept = await rowsOf(
    db,
    sql`select key, day::text as day, sum(value)::int as n from order_day_counts
        group by key, day having sum(value) <> 0 order by key, day`,
  );
  const recounted = await rowsOf(
    db,
    sql`select k.key, (o.created_at at time zone 'UTC')::date::text as day, count(*)::int as n
        from orders o, unnest(array_remove(array['', 'state:' || o.state, 'paid:' || o.paid::text,
          'plan:' || o.plan_id, 'state_plan:' || o.state || ':' || o.plan_id], null)) as k(key)
        group by 1, 2 order by 1, 2`,
  );
  return { kept, recounted };
}
