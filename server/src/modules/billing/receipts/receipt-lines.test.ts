import { addressLines, formatAddress, formatMoney, type Receipt } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../../test/helpers.js";
import { outbox, runJobs } from "../../../../test/jobs.js";
import { payWithTestCard, placeOrder, placePaidOrder, planIds } from "../../../../test/orders.js";
import { readPdf } from "../../../../test/pdf-text.js";
import { createPromoCode } from "../../../../test/promo-codes.js";
import { mySubscription } from "../../../../test/subscriptions.js";
import { DAY_MS } from "../../../clock.js";
import { formatDate, formatPeriod } from "../../../mail/format.js";
import { includedTax } from "./issue.js";

let ctx: TestContext;
let admin: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { TAX_RATE: "20", SITE_CONFIG: "/nonexistent/site.config.json" } });
  admin = await createAccount(ctx, { admin: true });
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

const get = (url: string, account: TestAccount) =>
  ctx.app.inject({ method: "GET", url, headers: { cookie: account.cookie } });

async function orderReceipt(account: TestAccount, orderId: string): Promise<Receipt> {
  const response = await get(`/api/order/${orderId}/receipt`, account);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function pdfOf(account: TestAccount, receipt: Receipt) {
  const response = await get(`/api/receipts/${receipt._id}/pdf`, account);
  expect(response.statusCode).toBe(200);
  return readPdf(response.rawPayload);
}

describe("what a receipt shows", () => {
  it("gives a promo-discounted order's plan, period, list price, discount with its code, tax and total", async () => {
    const { code } = await createPromoCode(ctx, admin, "SPRING25", { value: 25 });

    const customer = await createAccount(ctx, { name: "Parker Promo" });
    const plan = plans.standardMonthly;
    const placed = await placeOrder(ctx, customer, plan._id, { promoCode: code });
    expect(placed.statusCode).toBe(200);
    const orderId: string = placed.json().insertedId;
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);

    const listCents = Math.round(plan.newPrice * 100);
    const discountCents = Math.round(listCents * 0.25);
    const paidCents = listCents - discountCents;
    const subscription = await mySubscription(ctx, customer, orderId);
    const receipt = await orderReceipt(customer, orderId);
    expect(receipt).toMatchObject({
      service: plan.service,
      serviceDuration: "monthly",
      period: { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
      listPrice: listCents / 100,
      discount: discountCents / 100,
      promoCode: code,
      amount: paidCents / 100,
      taxRatePercent: 20,
      tax: includedTax(paidCents, 2000) / 100,
      card: { brand: "visa", last4: "4242" },
    });

    const pdf = await pdfOf(customer, receipt);
    const period = formatPeriod({
      start: subscription.currentPeriodStart,
      end: subscription.currentPeriodEnd,
    });
    for (const text of [
      `${plan.service} plan (monthly)`,
      formatMoney(listCents, "usd"),
      `Discount (code ${code})`,
      formatMoney(-discountCents, "usd"),
      "Tax included (20%)",
      formatMoney(includedTax(paidCents, 2000), "usd"),
      "Total paid",
      formatMoney(paidCents, "usd"),
      "Service period",
      period,
      "Visa ending in 4242",
    ]) {
      expect(pdf.lines).toContain(text);
    }
    // The issuer's logo is drawn above their details.
    expect(pdf.images.length).toBeGreaterThan(0);
    expect(pdf.lines).toContain(receipt.seller.name);

    // The receipt mail lists the same price and discount.
    await runJobs(ctx);
    const mail = (await outbox(ctx)).find(
      (item) => item.to === customer.email && item.subject.startsWith(`Your receipt ${receipt.number}`),
    );
    expect(mail?.text).toContain(`List price: ${formatMoney(listCents, "usd")}`);
    expect(mail?.text).toContain(`Discount (code ${code}): ${formatMoney(-discountCents, "usd")}`);
    expect(mail?.text).toContain(`Period: ${period}`);
  });

  it("is issued on the day it was paid when billing's clock has been moved forward", async () => {
    ctx.clock.advance(31 * DAY_MS);
    const moved = ctx.clock.now();
    const customer = await createAccount(ctx, { name: "Taylor Timely" });
    const orderId = await placePaidOrder(ctx, customer, plans.premiumYearly._id);
    const receipt = await orderReceipt(customer, orderId);

    expect(formatDate(new Date(receipt.issuedAt))).toBe(formatDate(new Date(receipt.paidAt)));
    expect(formatDate(new Date(receipt.issuedAt))).toBe(formatDate(moved));
    expect(new Date(receipt.issuedAt).getTime()).toBeGreaterThan(Date.now() + 30 * DAY_MS);

    const pdf = await pdfOf(customer, receipt);
    expect(pdf.lines).toContain(`Issued ${formatDate(moved)}`);
    expect(pdf.lines).toContain(formatDate(moved));
    expect(pdf.lines.filter((line) => line.includes(formatDate(new Date())))).toEqual([]);
  });

  it("dates the order and honours a code's dates by billing's clock once it has been moved forward", async () => {
    ctx.clock.advance(10 * DAY_MS);
    const moved = ctx.clock.now();
    // A code that starts tomorrow by the system clock is already running by billing's.
    await createPromoCode(ctx, admin, "MOVEDCLOCK", {
      validFrom: new Date(Date.now() + DAY_MS).toISOString(),
    });
    const customer = await createAccount(ctx, { name: "Morgan Moved" });
    const placed = await placeOrder(ctx, customer, plans.premiumYearly._id, { promoCode: "MOVEDCLOCK" });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().insertedId as string;

    const mine = (await get("/api/order", customer)).json() as { _id: string; currentDate: string }[];
    const order = mine.find((row) => row._id === orderId);
    expect(formatDate(new Date(order?.currentDate ?? 0))).toBe(formatDate(moved));

    await runJobs(ctx);
    const mail = (await outbox(ctx)).find(
      (item) => item.to === customer.email && item.subject.includes("received"),
    );
    expect(mail?.text).toContain(formatDate(moved));
    expect(mail?.text).not.toContain(formatDate(new Date()));
  });

  it("writes the issuer's address as the site and the mails write it", async () => {
    const site = (await ctx.app.inject({ method: "GET", url: "/api/site/content" })).json().site;
    const customer = await createAccount(ctx, { name: "Addison Address" });
    const orderId = await placePaidOrder(ctx, customer, plans.premiumYearly._id);
    const receipt = await orderReceipt(customer, orderId);
    expect(receipt.seller.address).toEqual(addressLines(site.address));
    expect(receipt.seller.address.join(", ")).toBe(formatAddress(site.address));

    const pdf = await pdfOf(customer, receipt);
    const start = pdf.lines.indexOf(site.address.street);
    expect(pdf.lines.slice(start, start + 3)).toEqual(addressLines(site.address));

    await runJobs(ctx);
    const mail = (await outbox(ctx)).find(
      (item) => item.to === customer.email && item.subject.startsWith(`Your receipt ${receipt.number}`),
    );
    expect(mail?.text).toContain(`${site.name}\n${addressLines(site.address).join("\n")}`);
  });
});
