import { type PromoCodeBody, PromoQuote, RenewalTerms } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../../test/helpers.js";
import { payWithTestCard, placeOrder, planIds } from "../../../../test/orders.js";
import { createPromoCode } from "../../../../test/promo-codes.js";
import { mySubscription } from "../../../../test/subscriptions.js";
import { DAY_MS } from "../../../clock.js";
import { addMonths } from "../../../periods.js";

let ctx: TestContext;
let admin: TestAccount;
let customer: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
  customer = await createAccount(ctx);
  plans = await planIds(ctx);
  // The terms follow the billing clock, not the machine's: move it well away from today.
  ctx.clock.advance(40 * DAY_MS);
});
afterAll(() => ctx.close());

const get = (url: string, account?: TestAccount) =>
  ctx.app.inject({ method: "GET", url, headers: account ? { cookie: account.cookie } : {} });

/** Half off by default: the terms below read easily. */
const createCode = ({ code = "HALF", ...overrides }: Partial<PromoCodeBody>) =>
  createPromoCode(ctx, admin, code, { value: 50, ...overrides });

/** The calendar day a date falls on (UTC), which is what the checkout tells the customer. */
const day = (value: string | Date) => new Date(value).toISOString().slice(0, 10);

describe("renewal terms told before paying", () => {
  it("gives a monthly plan's charge today, its renewal and the renewal's date by the billing clock", async () => {
    const response = await get(`/api/pricing/${plans.standardMonthly._id}/terms`);
    expect(response.statusCode).toBe(200);
    const terms = RenewalTerms.parse(response.json());
    // Standard monthly is 19 $.
    expect(terms).toMatchObject({ firstCharge: 19, renewal: { amount: 19, interval: "monthly" } });
    expect(day(terms.renewal?.firstRenewalAt ?? "")).toBe(day(addMonths(ctx.clock.now(), 1)));
  });

  it("renews a yearly plan a year later", async () => {
    const terms = RenewalTerms.parse((await get(`/api/pricing/${plans.premiumYearly._id}/terms`)).json());
    expect(terms).toMatchObject({ firstCharge: 299, renewal: { amount: 299, interval: "yearly" } });
    expect(day(terms.renewal?.firstRenewalAt ?? "")).toBe(day(addMonths(ctx.clock.now(), 12)));
  });

  it("shows a first-payment code on today's charge only, and an every-payment code on the renewals too", async () => {
    const firstOnly = await createCode({ code: "HALFFIRST", appliesTo: "first" });
    const every = await createCode({ code: "FOUROFF", kind: "fixed", value: 4, appliesTo: "every" });
    const quote = async (code: string) => {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/promo/quote",
        headers: { cookie: customer.cookie },
        payload: { code, planId: plans.standardMonthly._id },
      });
      expect(response.statusCode).toBe(200);
      return PromoQuote.parse(response.json()).terms;
    };
    expect(await quote(firstOnly.code)).toMatchObject({ firstCharge: 9.5, renewal: { amount: 19 } });
    expect(await quote(every.code)).toMatchObject({ firstCharge: 15, renewal: { amount: 15 } });
  });

  it("tells an unpaid order's terms on its payment page, and renews on the date it told", async () => {
    const buyer = await createAccount(ctx);
    await createCode({ code: "HALFAGAIN", appliesTo: "first" });
    const placed = await placeOrder(ctx, buyer, plans.standardMonthly._id, { promoCode: "HALFAGAIN" });
    const orderId: string = placed.json().insertedId;

    const response = await get(`/api/order/${orderId}/terms`, buyer);
    expect(response.statusCode).toBe(200);
    const terms = RenewalTerms.parse(response.json());
    expect(terms).toMatchObject({ firstCharge: 9.5, renewal: { amount: 19, interval: "monthly" } });

    expect((await payWithTestCard(ctx, buyer, orderId)).statusCode).toBe(200);
    const subscription = await mySubscription(ctx, buyer, orderId);
    expect(day(subscription.currentPeriodEnd)).toBe(day(terms.renewal?.firstRenewalAt ?? ""));
  });

  it("keeps an order's terms to its customer and answers 404 for unknown plans and orders", async () => {
    const buyer = await createAccount(ctx);
    const orderId: string = (await placeOrder(ctx, buyer, plans.find("Premium", "monthly")._id)).json()
      .insertedId;
    expect((await get(`/api/order/${orderId}/terms`, customer)).statusCode).toBe(404);
    expect((await get(`/api/order/${orderId}/terms`)).statusCode).toBe(401);
    expect((await get("/api/pricing/abc/terms")).statusCode).toBe(404);
    expect((await get("/api/order/abc/terms", buyer)).statusCode).toBe(404);
  });
});
