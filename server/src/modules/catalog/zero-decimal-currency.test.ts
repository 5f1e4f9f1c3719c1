import {
  currencyMessages,
  formatMajorMoney,
  formatMoney,
  OrderList,
  PaymentList,
  type PricingPlan,
  PromoQuote,
  type Receipt,
} from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { payWithTestCard, placeOrder, planIds } from "../../../test/orders.js";
import { readPdf } from "../../../test/pdf-text.js";
import { createPromoCode, promoCodeBody } from "../../../test/promo-codes.js";

let ctx: TestContext;
let owner: TestAccount;
let plan: PricingPlan;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { admin: true });
  plan = (await planIds(ctx)).standardMonthly;
});
afterAll(() => ctx.close());

const call = (method: "GET" | "POST" | "PUT", url: string, account?: TestAccount, payload?: object) =>
  ctx.app.inject({ method, url, headers: account ? { cookie: account.cookie } : {}, payload });

const setCurrency = (currency: string, locale: string) =>
  call("PUT", "/api/admin/site/currency", owner, { currency, locale });

const changePrice = (newPrice: number) =>
  call("PUT", `/api/admin/catalog/plans/${plan._id}/price`, owner, {
    oldPrice: 4000,
    newPrice,
    applyToRenewals: false,
  });

async function catalogPlan() {
  const list = (await call("GET", "/api/pricing")).json() as PricingPlan[];
  return list.find((item) => item._id === plan._id);
}

async function quote(code: string, account: TestAccount) {
  const response = await call("POST", "/api/promo/quote", account, { code, planId: plan._id });
  expect(response.statusCode).toBe(200);
  return PromoQuote.parse(response.json());
}

const yen = (amount: number) => formatMajorMoney(amount, "jpy", "ja-JP");

describe("a shop selling in yen, which have no cents", () => {
  it("reads the catalog's prices in yen from the moment it is set, without converting them", async () => {
    expect((await setCurrency("JPY", "ja-JP")).statusCode).toBe(200);
    // Prices are kept in minor units: 19.00 $ (1900 cents) reads 1,900 yen.
    expect(await catalogPlan()).toMatchObject({ newPrice: 1900, currency: "jpy" });
  });

  it("refuses a price with decimals or below the smallest card charge, naming the field", async () => {
    const decimals = await changePrice(2499.5);
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().error.fields).toEqual({ newPrice: currencyMessages.decimals("jpy") });

    const tooLow = await changePrice(30);
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().error.fields).toEqual({
      newPrice: currencyMessages.belowMinimumCharge(formatMoney(50, "jpy", "ja-JP")),
    });
    expect(await catalogPlan()).toMatchObject({ newPrice: 1900 });

    expect((await changePrice(2500)).statusCode).toBe(200);
    expect(await catalogPlan()).toMatchObject({ newPrice: 2500, oldPrice: 4000, currency: "jpy" });
  });

  it("stops a fixed discount at 50 yen, the smallest card charge, and refuses a fixed amount with decimals", async () => {
    const refused = await call(
      "POST",
      "/api/admin/promo-codes",
      owner,
      promoCodeBody("HALFYEN", { kind: "fixed", value: 10.5 }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ value: currencyMessages.decimals("jpy") });

    await createPromoCode(ctx, owner, "ALLOFF", { kind: "fixed", value: 100_000 });
    const customer = await createAccount(ctx, { name: "Kenji Coupon" });
    expect(await quote("ALLOFF", customer)).toMatchObject({
      subtotal: 2500,
      discount: 2450,
      total: 50,
      currency: "jpy",
      terms: { firstCharge: 50, currency: "jpy" },
    });
    const placed = await placeOrder(ctx, customer, plan._id, { promoCode: "ALLOFF" });
    const orderId: string = placed.json().insertedId;
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
    const [order] = OrderList.parse((await call("GET", "/api/order", customer)).json());
    expect(order).toMatchObject({ currentPrice: 50, discount: 2450, currency: "jpy" });
  });

  it("takes, records and writes a payment in whole yen: receipt, PDF, mail, export and Overview", async () => {
    const customer = await createAccount(ctx, { name: "Yoko Yen" });
    const orderId: string = (await placeOrder(ctx, customer, plan._id)).json().insertedId;
    const intent = (await call("POST", "/api/create-payment-intent", customer, { orderId })).json();
    expect(intent).toMatchObject({ amount: 2500, currency: "jpy" });
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);

    const [payment] = PaymentList.parse(
      (await call("GET", `/api/payment-history/${customer.email}`, customer)).json(),
    );
    expect(payment).toMatchObject({ currentPrice: 2500, currency: "jpy" });
    const receipt: Receipt = (await call("GET", `/api/order/${orderId}/receipt`, customer)).json();
    expect(receipt).toMatchObject({ amount: 2500, listPrice: 2500, currency: "jpy" });
    // The PDF's fonts have no full-width yen sign: the amount is written with the currency's code.
    const pdf = readPdf((await call("GET", `/api/receipts/${receipt._id}/pdf`, customer)).rawPayload);
    expect(pdf.lines).toContain(formatMajorMoney(2500, "jpy", "ja-JP", { display: "code" }));

    await runJobs(ctx);
    const mail = (await outbox(ctx)).find(
      (item) => item.to === customer.email && item.subject.startsWith(`Your receipt ${receipt.number}`),
    );
    expect(mail?.text).toContain(`Amount: ${yen(2500)}`);

    const csv = (await call("GET", "/api/admin/orders.csv", owner)).body.split("\r\n");
    const header = csv[0]?.split(",") ?? [];
    const row = csv.find((line) => line.includes(customer.email))?.split(",") ?? [];
    expect(row[header.indexOf("price")]).toBe("2500");
    expect(row[header.indexOf("currency")]).toBe("jpy");

    const overview = (await call("GET", "/api/admin/overview", owner)).json();
    expect(overview.currency).toBe("jpy");
    expect(overview.revenueThisMonth).toBe(2550);
  });

  it("stops a discount at 0.50 € once the shop sells in euros", async () => {
    expect((await setCurrency("EUR", "fr-FR")).statusCode).toBe(200);
    const customer = await createAccount(ctx, { name: "Eloise Euro" });
    // The same code and price, now read in euros: 25.00 € less at most 24.50 €.
    expect(await quote("ALLOFF", customer)).toMatchObject({
      subtotal: 25,
      discount: 24.5,
      total: 0.5,
      currency: "eur",
    });
  });
});
