import {
  ErrorResponse,
  PaymentList,
  PromoCode,
  type PromoCodeBody,
  PromoCodeList,
  PromoQuote,
  promoMessages,
} from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { payWithTestCard, placeOrder, planIds } from "../../../test/orders.js";
import { myOrder, mySubscription, runJobsAt } from "../../../test/subscriptions.js";

let ctx: TestContext;
let admin: TestAccount;
let customer: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
  customer = await createAccount(ctx);
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

type Method = "GET" | "POST" | "PUT";
const call = (method: Method, url: string, account?: TestAccount, payload?: object) =>
  ctx.app.inject({ method, url, headers: account ? { cookie: account.cookie } : {}, payload });

let codes = 0;
function body(overrides: Partial<PromoCodeBody> = {}): PromoCodeBody {
  codes += 1;
  return {
    code: `SAVE${codes}`,
    kind: "percent",
    value: 20,
    validFrom: null,
    validTo: null,
    maxUses: null,
    planId: null,
    appliesTo: "first",
    disabled: false,
    ...overrides,
  };
}

async function createCode(overrides: Partial<PromoCodeBody> = {}) {
  const response = await call("POST", "/api/admin/promo-codes", admin, body(overrides));
  expect(response.statusCode).toBe(201);
  return PromoCode.parse(response.json());
}

const quote = (code: string, planId: string, account: TestAccount = customer) =>
  call("POST", "/api/promo/quote", account, { code, planId });

const history = async (account: TestAccount) =>
  PaymentList.parse((await call("GET", `/api/payment-history/${account.email}`, account)).json());

async function usesOf(id: string) {
  const list = PromoCodeList.parse((await call("GET", "/api/admin/promo-codes", admin)).json());
  return list.find((code) => code._id === id)?.uses;
}

describe("who may manage promo codes", () => {
  it.each([
    ["GET", "/api/admin/promo-codes"],
    ["POST", "/api/admin/promo-codes"],
    ["PUT", "/api/admin/promo-codes/00000000-0000-4000-8000-000000000000"],
    ["POST", "/api/admin/promo-codes/00000000-0000-4000-8000-000000000000/disable"],
  ] as Array<[Method, string]>)(
    "refuses %s %s to visitors (401) and customers (403)",
    async (method, url) => {
      const payload = method === "GET" ? undefined : body();
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await call(method, url, customer, payload)).statusCode).toBe(403);
      const list = PromoCodeList.parse((await call("GET", "/api/admin/promo-codes", admin)).json());
      expect(list.map((code) => code.code)).not.toContain(payload?.code);
    },
  );

  it("lets only signed-in customers ask what a code takes off", async () => {
    expect((await call("POST", "/api/promo/quote", undefined, { code: "X", planId: "x" })).statusCode).toBe(
      401,
    );
  });
});

describe("the editor", () => {
  it("creates, lists, edits, disables and enables a code", async () => {
    const created = await createCode({
      code: "Spring-10",
      kind: "fixed",
      value: 10,
      maxUses: 5,
      planId: plans.premiumYearly._id,
    });
    expect(created).toMatchObject({ code: "Spring-10", value: 10, uses: 0, planLabel: "Premium (yearly)" });
    const edited = await call("PUT", `/api/admin/promo-codes/${created._id}`, admin, {
      ...body({ code: "Spring-15", kind: "percent", value: 15 }),
    });
    expect(edited.json()).toMatchObject({ code: "Spring-15", value: 15, planId: null, planLabel: null });
    expect((await call("POST", `/api/admin/promo-codes/${created._id}/disable`, admin)).json().disabled).toBe(
      true,
    );
    expect((await quote("spring-15", plans.standardMonthly._id)).statusCode).toBe(422);
    expect((await call("POST", `/api/admin/promo-codes/${created._id}/enable`, admin)).json().disabled).toBe(
      false,
    );
    expect((await quote("spring-15", plans.standardMonthly._id)).statusCode).toBe(200);
  });

  it.each([
    ["a percentage over 100", { value: 120 }, "value"],
    ["a fractional percentage", { value: 12.5 }, "value"],
    ["fractions of a cent", { kind: "fixed" as const, value: 1.005 }, "value"],
    ["a code with spaces", { code: "TWO WORDS" }, "code"],
    [
      "an end before the start",
      { validFrom: "2030-01-02T00:00:00Z", validTo: "2030-01-01T00:00:00Z" },
      "validTo",
    ],
    ["no limit given as 0", { maxUses: 0 }, "maxUses"],
    ["an unknown plan", { planId: "00000000-0000-4000-8000-000000000000" }, "planId"],
    ["a malformed plan id", { planId: "plan" }, "planId"],
  ])("answers 400 for %s and stores nothing", async (_, overrides, field) => {
    const before = PromoCodeList.parse((await call("GET", "/api/admin/promo-codes", admin)).json());
    const response = await call("POST", "/api/admin/promo-codes", admin, body(overrides));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(ErrorResponse.parse(response.json()).error)).toContain(field);
    expect(PromoCodeList.parse((await call("GET", "/api/admin/promo-codes", admin)).json())).toEqual(before);
  });

  it("refuses a second code spelled the same, whatever the case", async () => {
    await createCode({ code: "ONCE" });
    const response = await call("POST", "/api/admin/promo-codes", admin, body({ code: "once" }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(promoMessages.taken);
  });

  it("answers 404 for malformed and unknown ids", async () => {
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000"]) {
      expect((await call("PUT", `/api/admin/promo-codes/${id}`, admin, body())).statusCode).toBe(404);
      expect((await call("POST", `/api/admin/promo-codes/${id}/disable`, admin)).statusCode).toBe(404);
    }
  });
});

describe("the checkout", () => {
  it("asks for a code when the box is empty, and calls an unknown one not valid", async () => {
    const empty = await quote("  ", plans.standardMonthly._id);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(promoMessages.empty);
    const unknown = await quote("NOSUCHCODE", plans.standardMonthly._id);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe(promoMessages.invalid);
    const ordered = await placeOrder(ctx, await createAccount(ctx), plans.standardMonthly._id, {
      promoCode: "NOSUCHCODE",
    });
    expect(ordered.statusCode).toBe(422);
    expect(ordered.json().error.message).toBe(promoMessages.invalid);
  });

  it("takes a percentage off: the order and its payment carry the discounted amount", async () => {
    const code = await createCode({ value: 25 });
    // Premium yearly: 299 $, a quarter off is 74.75 $.
    const quoted = PromoQuote.parse((await quote(code.code.toLowerCase(), plans.premiumYearly._id)).json());
    expect(quoted).toMatchObject({ subtotal: 299, discount: 74.75, total: 224.25 });
    const buyer = await createAccount(ctx);
    const placed = await placeOrder(ctx, buyer, plans.premiumYearly._id, {
      promoCode: code.code,
      currentPrice: 1,
    });
    const orderId: string = placed.json().insertedId;
    expect(await myOrder(ctx, buyer, orderId)).toMatchObject({
      currentPrice: 224.25,
      discount: 74.75,
      promoCode: code.code,
    });
    expect((await payWithTestCard(ctx, buyer, orderId)).statusCode).toBe(200);
    expect((await history(buyer)).map((payment) => payment.currentPrice)).toEqual([224.25]);
    expect(await usesOf(code._id)).toBe(1);
  });

  it("takes a fixed amount off, never below the smallest charge", async () => {
    const code = await createCode({ kind: "fixed", value: 5 });
    expect((await quote(code.code, plans.standardMonthly._id)).json()).toMatchObject({
      discount: 5,
      total: 14,
    });
    const huge = await createCode({ kind: "fixed", value: 5000 });
    expect((await quote(huge.code, plans.standardMonthly._id)).json()).toMatchObject({
      discount: 18.5,
      total: 0.5,
    });
  });

  it("refuses codes out of their dates, disabled, or for another plan", async () => {
    const expired = await createCode({ validTo: new Date(Date.now() - 60_000).toISOString() });
    const later = await createCode({ validFrom: new Date(Date.now() + 86_400_000).toISOString() });
    const disabled = await createCode({ disabled: true });
    const premiumOnly = await createCode({ planId: plans.premiumYearly._id });
    for (const code of [expired, later, disabled, premiumOnly]) {
      const response = await quote(code.code, plans.standardMonthly._id);
      expect(response.json().error.message).toBe(promoMessages.invalid);
      const buyer = await createAccount(ctx);
      const placed = await placeOrder(ctx, buyer, plans.standardMonthly._id, { promoCode: code.code });
      expect(placed.statusCode).toBe(422);
      expect(await usesOf(code._id)).toBe(0);
    }
    expect((await quote(premiumOnly.code, plans.premiumYearly._id)).statusCode).toBe(200);
  });

  it("gives out the last uses once when many customers order at the same moment", async () => {
    const code = await createCode({ maxUses: 3, value: 10 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createAccount(ctx)));
    const results = await Promise.all(
      buyers.map((buyer) => placeOrder(ctx, buyer, plans.standardMonthly._id, { promoCode: code.code })),
    );
    const placed = results.filter((response) => response.statusCode === 200 && response.json().success);
    expect(placed).toHaveLength(3);
    expect(results.filter((response) => response.statusCode === 422)).toHaveLength(5);
    expect(await usesOf(code._id)).toBe(3);
  });

  it("counts no use when the customer holds the plan already, and gives the use back when an unpaid order is deleted", async () => {
    const code = await createCode({ maxUses: 1 });
    const buyer = await createAccount(ctx);
    await placeOrder(ctx, buyer, plans.standardMonthly._id);
    const again = await placeOrder(ctx, buyer, plans.standardMonthly._id, { promoCode: code.code });
    expect(again.json()).toMatchObject({ success: false });
    expect(await usesOf(code._id)).toBe(0);

    const other = await createAccount(ctx);
    const orderId: string = (
      await placeOrder(ctx, other, plans.premiumYearly._id, { promoCode: code.code })
    ).json().insertedId;
    expect(await usesOf(code._id)).toBe(1);
    await call("DELETE" as Method, `/api/order/${orderId}`, other);
    expect(await usesOf(code._id)).toBe(0);
  });

  it("counts every use of a code without a limit, and a limit set later counts them all", async () => {
    const code = await createCode({ value: 10 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createAccount(ctx)));
    const results = await Promise.all(
      buyers.map((buyer) => placeOrder(ctx, buyer, plans.standardMonthly._id, { promoCode: code.code })),
    );
    expect(results.every((response) => response.json().success === true)).toBe(true);
    expect(await usesOf(code._id)).toBe(8);
    const [first] = buyers;
    await call("DELETE" as Method, `/api/order/${results[0]?.json().insertedId}`, first);
    expect(await usesOf(code._id)).toBe(7);

    const { _id, uses: _uses, planLabel: _label, createdAt: _createdAt, ...fields } = code;
    const limited = await call("PUT", `/api/admin/promo-codes/${_id}`, admin, { ...fields, maxUses: 8 });
    expect(limited.statusCode).toBe(200);
    const late = await Promise.all(Array.from({ length: 3 }, () => createAccount(ctx)));
    const more = await Promise.all(
      late.map((buyer) => placeOrder(ctx, buyer, plans.premiumYearly._id, { promoCode: code.code })),
    );
    expect(more.filter((response) => response.statusCode === 200 && response.json().success)).toHaveLength(1);
    expect(more.filter((response) => response.statusCode === 422)).toHaveLength(2);
    expect(await usesOf(code._id)).toBe(8);
    expect((await quote(code.code, plans.premiumYearly._id)).statusCode).toBe(422);
  });

  it("discounts only the first payment, or every renewal too, as the code says", async () => {
    const firstOnly = await createCode({ value: 50, appliesTo: "first" });
    const every = await createCode({ kind: "fixed", value: 4, appliesTo: "every" });

    const once = await createAccount(ctx);
    const onceOrder: string = (
      await placeOrder(ctx, once, plans.standardMonthly._id, { promoCode: firstOnly.code })
    ).json().insertedId;
    await payWithTestCard(ctx, once, onceOrder);
    const always = await createAccount(ctx);
    const alwaysOrder: string = (
      await placeOrder(ctx, always, plans.standardMonthly._id, { promoCode: every.code })
    ).json().insertedId;
    await payWithTestCard(ctx, always, alwaysOrder);

    // Both renew once: the clock moves past the later of the two period ends.
    const ends = [
      await mySubscription(ctx, once, onceOrder),
      await mySubscription(ctx, always, alwaysOrder),
    ].map((subscription) => subscription.currentPeriodEnd);
    await runJobsAt(ctx, ends.sort().at(-1) ?? "");
    const amounts = async (account: TestAccount) =>
      (await history(account)).map((payment) => [payment.renewal, payment.currentPrice]).sort();
    // Standard monthly is 19 $.
    expect(await amounts(once)).toEqual([
      [false, 9.5],
      [true, 19],
    ]);
    expect(await amounts(always)).toEqual([
      [false, 15],
      [true, 15],
    ]);
  });
});
