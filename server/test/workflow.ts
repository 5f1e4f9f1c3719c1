import { OrderDetail } from "@agency/contract";
import { expect } from "vitest";
import { createAccount, type TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";
import { placePaidOrder } from "./orders.js";

export type Method = "GET" | "POST" | "PUT";

export const callAs = (
  ctx: TestContext,
  account: TestAccount,
  method: Method,
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: { cookie: account.cookie }, payload });

/** The order as its page shows it to `account`. */
export async function orderDetail(ctx: TestContext, account: TestAccount, orderId: string) {
  const response = await callAs(ctx, account, "GET", `/api/order/${orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return OrderDetail.parse(response.json());
}

/** A new customer with a paid order of the plan `serviceId`. */
export async function paidCustomerOf(ctx: TestContext, name: string, serviceId: string) {
  const customer = await createAccount(ctx, { name });
  const orderId = await placePaidOrder(ctx, customer, serviceId);
  return { customer, orderId };
}
