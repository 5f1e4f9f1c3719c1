import {
  type AddonBody,
  type CheckoutPlan,
  CheckoutPlan as CheckoutPlanSchema,
  PlanAddon,
} from "@agency/contract";
import { expect } from "vitest";
import type { TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";

/** Adds an add-on to a plan through the catalog editor's call, as the owner would. */
export async function addAddon(
  ctx: TestContext,
  owner: TestAccount,
  planId: string,
  body: AddonBody,
): Promise<PlanAddon> {
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/admin/catalog/plans/${planId}/addons`,
    headers: { cookie: owner.cookie },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return PlanAddon.parse(response.json());
}

/** The plan as the checkout page reads it, with its add-ons. */
export async function checkoutPlan(ctx: TestContext, planId: string): Promise<CheckoutPlan> {
  const response = await ctx.app.inject({ method: "GET", url: `/api/pricing/${planId}` });
  expect(response.statusCode, response.body).toBe(200);
  return CheckoutPlanSchema.parse(response.json());
}

/** Dollars as cents, for sums a test works out. */
export const cents = (dollars: number) => Math.round(dollars * 100);
