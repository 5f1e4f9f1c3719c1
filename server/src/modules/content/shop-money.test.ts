import {
  AuditList,
  currencyMessages,
  formatMoney,
  OrderList,
  PaymentList,
  type Receipt,
  ShopMoneySetting,
  SiteContent,
} from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { payWithTestCard, placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";
import { readPdf } from "../../../test/pdf-text.js";
import { mySubscription, runJobsAt } from "../../../test/subscriptions.js";

let ctx: TestContext;
let owner: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { admin: true });
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

const get = (url: string, account?: TestAccount) =>
  ctx.app.inject({ method: "GET", url, headers: account ? { cookie: account.cookie } : {} });

const setCurrency = (payload: unknown, account = owner) =>
  ctx.app.inject({
    method: "PUT",
    url: "/api/admin/site/currency",
    headers: { cookie: account.cookie },
    payload: payload as object,
  });

async function setting() {
  return ShopMoneySetting.parse((await get("/api/admin/site/currency", owner)).json());
}

async function receiptOf(account: TestAccount, orderId: string): Promise<Receipt> {
  const response = await get(`/api/order/${orderId}/receipt`, account);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function csvRows(url: string) {
  const [header = [], ...rows] = (await get(url, owner)).body
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
  return rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ""])));
}

// Amounts are written in the shop's locale; each record keeps its own currency.
const eur = (cents: number) => formatMoney(cents, "eur", "de-DE");
const usd = (cents: number) => formatMoney(cents, "usd", "de-DE");

describe("the shop's currency", () => {
  it("is US dollars written for en-US until the owner sets it", async () => {
    const content = SiteContent.parse((await get("/api/site/content")).json());
    expect(content.money).toEqual({ currency: "usd", locale: "en-US" });
    expect(await setting()).toEqual({ currency: "usd", locale: "en-US", sold: false });
    const pricing = (await get("/api/pricing")).json() as { currency: string }[];
    expect(pricing.every((plan) => plan.currency === "usd")).toBe(true);
  });

  it.each([
    ["an unknown code", { currency: "XYZ", locale: "en-US" }, "currency", currencyMessages.unknownCurrency],
    [
      "a currency's name",
      { currency: "EURO", locale: "en-US" },
      "currency",
      currencyMessages.unknownCurrency,
    ],
    ["no code", { locale: "en-US" }, "currency", undefined],
    [
      "a locale that is none",
      { currency: "EUR", locale: "not a locale!" },
      "locale",
      currencyMessages.unknownLocale,
    ],
    ["an unknown field", { currency: "EUR", locale: "de-DE", rate: 1.1 }, "body", undefined],
  ])("refuses %s with a 400 naming the field, and changes nothing", async (_, payload, field, message) => {
    const response = await setCurrency(payload);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(Object.keys(error.fields)).toContain(field);
    if (message) expect(error.fields[field]).toBe(message);
    expect(await setting()).toMatchObject({ currency: "usd", locale: "en-US" });
  });

  it("is set by the owner only, and not by a customer", async () => {
    const customer = await createAccount(ctx);
    expect((await setCurrency({ currency: "EUR", locale: "de-DE" }, customer)).statusCode).toBe(403);
    expect(await setting()).toMatchObject({ currency: "usd" });
  });

  it("prices new orders in euros once set, and their payment, receipt, mail, exports and Overview carry it", async () => {
    // An order placed in dollars before the change keeps them.
    const early = await createAccount(ctx, { name: "Early Dollar" });
    const plan = plans.standardMonthly;
    const dollarOrder: string = (await placeOrder(ctx, early, plan._id)).json().insertedId;

    const saved = await setCurrency({ currency: "eur", locale: "de-de" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ currency: "eur", locale: "de-DE", sold: false });

    // The change is in the audit log, as it was and as it is.
    const audit = AuditList.parse((await get("/api/admin/audit?action=site.currency_changed", owner)).json());
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      actor: { label: owner.email },
      before: { currency: "usd", locale: "en-US" },
      after: { currency: "eur", locale: "de-DE" },
    });
    // Saving the same again records nothing.
    await setCurrency({ currency: "EUR", locale: "de-DE" });
    expect(
      AuditList.parse((await get("/api/admin/audit?action=site.currency_changed", owner)).json()).entries,
    ).toHaveLength(1);

    // The catalog: the same amounts, now in euros; the pages receive the currency with the site.
    const catalog = (await get("/api/pricing")).json() as {
      _id: string;
      newPrice: number;
      currency: string;
    }[];
    expect(catalog.find((item) => item._id === plan._id)).toMatchObject({
      newPrice: plan.newPrice,
      currency: "eur",
    });
    expect(SiteContent.parse((await get("/api/site/content")).json()).money).toEqual({
      currency: "eur",
      locale: "de-DE",
    });

    const customer = await createAccount(ctx, { name: "Erika Euro" });
    const orderId = await placePaidOrder(ctx, customer, plan._id);
    const cents = Math.round(plan.newPrice * 100);
    const [order] = OrderList.parse((await get("/api/order", customer)).json());
    expect(order).toMatchObject({ _id: orderId, currentPrice: plan.newPrice, currency: "eur" });
    const [payment] = PaymentList.parse(
      (await get(`/api/payment-history/${customer.email}`, customer)).json(),
    );
    expect(payment).toMatchObject({ orderId, currentPrice: plan.newPrice, currency: "eur" });

    const receipt = await receiptOf(customer, orderId);
    expect(receipt).toMatchObject({ currency: "eur", amount: plan.newPrice });
    const pdf = readPdf((await get(`/api/receipts/${receipt._id}/pdf`, customer)).rawPayload);
    expect(pdf.lines).toContain(eur(cents));
    expect(pdf.lines).toContain("Total paid");

    // The order placed before the change was priced in dollars: paid after it, it stays in dollars.
    expect((await payWithTestCard(ctx, early, dollarOrder)).statusCode).toBe(200);
    const dollarReceipt = await receiptOf(early, dollarOrder);
    expect(dollarReceipt.currency).toBe("usd");
    expect(readPdf((await get(`/api/receipts/${dollarReceipt._id}/pdf`, early)).rawPayload).lines).toContain(
      usd(cents),
    );

    await runJobs(ctx);
    const mails = await outbox(ctx);
    const mailTo = (account: TestAccount) =>
      mails.find((mail) => mail.to === account.email && mail.subject.startsWith("Your receipt"));
    expect(mailTo(customer)?.text).toContain(`Amount: ${eur(cents)}`);
    expect(mailTo(early)?.text).toContain(`Amount: ${usd(cents)}`);

    const orderRows = await csvRows("/api/admin/orders.csv");
    expect(orderRows.find((row) => row.email === customer.email)).toMatchObject({
      price: (cents / 100).toFixed(2),
      currency: "eur",
    });
    expect(orderRows.find((row) => row.email === early.email)).toMatchObject({ currency: "usd" });
    const paymentRows = await csvRows("/api/admin/payments.csv");
    expect(paymentRows.find((row) => row.email === customer.email)).toMatchObject({ currency: "eur" });
    const customerRows = await csvRows("/api/admin/users.csv");
    expect(customerRows.find((row) => row.email === customer.email)).toMatchObject({
      totalPaid: (cents / 100).toFixed(2),
      currency: "eur",
    });

    const overview = (await get("/api/admin/overview", owner)).json();
    expect(overview.currency).toBe("eur");
    expect(overview.topPlans.byRevenue[0]).toMatchObject({ planId: plan._id });

    // Once a sale exists, the editor is told so.
    expect(await setting()).toEqual({ currency: "eur", locale: "de-DE", sold: true });
  });

  it("renews an order in the currency it was priced in", async () => {
    const customer = await createAccount(ctx, { name: "Renata Renewal" });
    const orderId = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    await setCurrency({ currency: "GBP", locale: "en-GB" });
    const subscription = await mySubscription(ctx, customer, orderId);
    await runJobsAt(ctx, subscription.currentPeriodEnd);
    const payments = PaymentList.parse(
      (await get(`/api/payment-history/${customer.email}`, customer)).json(),
    );
    expect(payments.map((payment) => [payment.renewal, payment.currency])).toEqual([
      [true, "eur"],
      [false, "eur"],
    ]);
    const [renewal] = payments;
    const receipt = (await get(`/api/receipts/${renewal?.receiptId}`, customer)).json();
    expect(receipt.currency).toBe("eur");
    const mail = (await outbox(ctx)).find(
      (item) => item.to === customer.email && item.subject.startsWith("Your Standard plan renewed"),
    );
    // Written in the shop's locale now (en-GB), in the order's currency.
    expect(mail?.text).toContain(formatMoney(1900, "eur", "en-GB"));
  });
});
