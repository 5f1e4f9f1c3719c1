import { type Order, OrderList, type Subscription } from "@agency/contract";
import type { TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";
import { runJobs } from "./jobs.js";

/** The order as its customer's My Orders shows it. */
export async function myOrder(ctx: TestContext, account: TestAccount, orderId: string): Promise<Order> {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/order",
    headers: { cookie: account.cookie },
  });
  const order = OrderList.parse(response.json()).find((item) => item._id === orderId);
  if (!order) throw new Error(`order ${orderId} is not in My Orders`);
  return order;
}

export async function mySubscription(
  ctx: TestContext,
  account: TestAccount,
  orderId: string,
): Promise<Subscription> {
  const { subscription } = await myOrder(ctx, account, orderId);
  if (!subscription) throw new Error(`order ${orderId} has no subscription`);
  return subscription;
}

/** Moves the clock to a moment (a second past it) and runs what fell due, as the worker would. */
export async function runJobsAt(ctx: TestContext, time: string | Date): Promise<number> {
  ctx.clock.moveTo(new Date(new Date(time).getTime() + 1000));
  return runJobs(ctx);
}

export function subscriptionAction(
  ctx: TestContext,
  account: TestAccount | undefined,
  subscriptionId: string,
  action: "cancel" | "resume",
) {
  return ctx.app.inject({
    method: "POST",
    url: `/api/subscriptions/${subscriptionId}/${action}`,
    headers: account ? { cookie: account.cookie } : {},
  });
}
