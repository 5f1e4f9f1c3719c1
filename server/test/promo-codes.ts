import { PromoCode, type PromoCodeBody } from "@agency/contract";
import { expect } from "vitest";
import type { TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";

/** A promo code as the admin's form sends it: 10 % off the first payment of any plan, always. */
export function promoCodeBody(code: string, overrides: Partial<PromoCodeBody> = {}): PromoCodeBody {
  return {
    code,
    kind: "percent",
    value: 10,
    validFrom: null,
    validTo: null,
    maxUses: null,
    planId: null,
    appliesTo: "first",
    disabled: false,
    ...overrides,
  };
}

/** Creates the code through the admin API, as the owner would. */
export async function createPromoCode(
  ctx: TestContext,
  admin: TestAccount,
  code: string,
  overrides: Partial<PromoCodeBody> = {},
): Promise<PromoCode> {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/admin/promo-codes",
    headers: { cookie: admin.cookie },
    payload: promoCodeBody(code, overrides),
  });
  expect(response.statusCode).toBe(201);
  return PromoCode.parse(response.json());
}
