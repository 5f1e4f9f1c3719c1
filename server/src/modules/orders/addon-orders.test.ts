import {
  addonMessages,
  ErrorResponse,
  Order,
  OrderDetail,
  OrderList,
  type PlanAddon,
  type PricingPlan,
  PromoCodeList,
  PromoQuote,
  promoMessages,
  Receipt,
  ReceiptList,
  RenewalTerms,
} from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { addAddon, cents } from "../../../test/addons.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { openPayment, payWithTestCard, placeOrder, planIds } from "../../../test/orders.js";
import { readPdf } from "../../../test/pdf-text.js";
import { createPromoCode } from "../../../test/promo-codes.js";
import { mySubscription, runJobsAt } from "../../../test/subscriptions.js";

let ctx: TestContext;
let owner: TestAccount;
let plan: PricingPlan;
let other: PricingPlan;
/** Charged once with the first payment. */
let rush: PlanAddon;
/** Charged again with every renewal. */
let report: PlanAddon;
let elsewhere: PlanAddon;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  const plans = await planIds(ctx);
  plan = plans.standardMonthly;
  other = plans.premiumYearly;
  rush = await addAddon(ctx, owner, plan._id, { name: "Rush delivery", price: 50, recurring: false });
  report = await addAddon(ctx, owner, plan._id, { name: "Monthly report", price: 20, recurring: true });
  elsewhere = await addAddon(ctx, owner, other._id, { name: "Yearly review", price: 90, recurring: true });
});
afterAll(() => ctx.close());

const get = (url: string, account: TestAccount) =>
  ctx.app.inject({ method: "GET", url, headers: { cookie: account.cookie } });

const planCents = () => cents(plan.newPrice);
const both = () => [rush._id, report._id];

/** A new customer's order of the plan with both add-ons (and a code, when given). */
async function orderBoth(extra: object = {}) {
  const customer = await createAccount(ctx);
  const placed = await placeOrder(ctx, customer, plan._id, { addonIds: both(), ...extra });
  expect(placed.statusCode, placed.body).toBe(200);
  return { customer, orderId: placed.json().insertedId as string };
}

async function myOrder(account: TestAccount, orderId: string): Promise<Order> {
  const order = OrderList.parse((await get("/api/order", account)).json()).find((row) => row._id === orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

async function myReceipts(account: TestAccount): Promise<Receipt[]> {
  const list = ReceiptList.parse((await get("/api/receipts", account)).json());
  return Promise.all(
    list.map(async (summary) => Receipt.parse((await get(`/api/receipts/${summary._id}`, account)).json())),
  );
}

const planLine = () => ({
  kind: "plan",
  description: `${plan.service} plan (monthly)`,
  quantity: 1,
  unitPrice: plan.newPrice,
  amount: plan.newPrice,
  recurring: true,
});
const addonLine = (addon: PlanAddon) => ({
  kind: "addon",
  description: addon.name,
  quantity: 1,
  unitPrice: addon.price,
  amount: addon.price,
  recurring: addon.recurring,
});

describe("orders with add-ons", () => {
  it("prices the order from the plan and the add-ons in the database, whatever the client says, and shows each line", async () => {
    const { customer, orderId } = await orderBoth({ currentPrice: 1, addonIds: [report._id, rush._id] });
    const total = (planCents() + 7000) / 100;
    const order = await myOrder(customer, orderId);
    expect(order).toMatchObject({ currentPrice: total, discount: 0, promoCode: null });
    expect(order.lines).toEqual([planLine(), addonLine(rush), addonLine(report)]);

    // The order page, the payment page and the team's order page show the same lines.
    const detail = OrderDetail.parse((await get(`/api/order/${orderId}`, customer)).json());
    expect(detail.lines).toEqual(order.lines);
    expect(Order.parse((await get(`/api/dashboard/payment/${orderId}`, customer)).json()).lines).toEqual(
      order.lines,
    );
    const team = OrderDetail.parse((await get(`/api/admin/orders/${orderId}`, owner)).json());
    expect(team.lines).toEqual(order.lines);
    // All Orders lists many orders: their lines are left out.
    const all = (await get("/api/orders", owner)).json().orders as Order[];
    expect(all.find((row) => row._id === orderId)).not.toHaveProperty("lines");

    expect((await openPayment(ctx, customer, orderId, { amount: 1 })).json().amount).toBe(total);
    // The confirmation mail names the add-ons beside the plan and the total.
    await runJobs(ctx);
    const mail = (await outbox(ctx)).find(
      (each) => each.to === customer.email && each.subject.startsWith("Order #"),
    );
    expect(mail?.text).toContain("Rush delivery");
    expect(mail?.text).toContain("Monthly report");
    const terms = RenewalTerms.parse((await get(`/api/order/${orderId}/terms`, customer)).json());
    expect(terms).toMatchObject({ firstCharge: total, renewal: { amount: (planCents() + 2000) / 100 } });
  });

  it("tells the checkout what the add-ons ticked cost today and at each renewal", async () => {
    const customer = await createAccount(ctx);
    const terms = await get(`/api/pricing/${plan._id}/terms?addonIds=${both().join(",")}`, customer);
    expect(RenewalTerms.parse(terms.json())).toMatchObject({
      firstCharge: (planCents() + 7000) / 100,
      renewal: { amount: (planCents() + 2000) / 100, interval: "monthly" },
    });
    const plain = await ctx.app.inject({ method: "GET", url: `/api/pricing/${plan._id}/terms` });
    expect(RenewalTerms.parse(plain.json())).toMatchObject({
      firstCharge: plan.newPrice,
      renewal: { amount: plan.newPrice },
    });
    const foreign = await ctx.app.inject({
      method: "GET",
      url: `/api/pricing/${plan._id}/terms?addonIds=${elsewhere._id}`,
    });
    expect(foreign.statusCode).toBe(400);
    expect(ErrorResponse.parse(foreign.json()).error.fields).toEqual({ addonIds: addonMessages.unknown });
  });

  it.each([
    ["an unknown add-on", () => ["00000000-0000-4000-8000-000000000000"]],
    ["another plan's add-on", () => [elsewhere._id]],
    ["something that is no id", () => ["rush"]],
    ["an add-on listed twice", () => [rush._id, rush._id]],
  ])("refuses %s with a 400 naming addonIds, and places nothing or counts a code's use", async (_, ids) => {
    const { code, _id } = await createPromoCode(
      ctx,
      owner,
      `BADADDON${Math.random().toString(36).slice(2, 8)}`,
      {
        maxUses: 5,
      },
    );
    const customer = await createAccount(ctx);
    const refused = await placeOrder(ctx, customer, plan._id, { addonIds: ids(), promoCode: code });
    expect(refused.statusCode).toBe(400);
    const { error } = ErrorResponse.parse(refused.json());
    expect(error.fields).toEqual({ addonIds: addonMessages.unknown });
    expect(error.message).toBe(`addonIds ${addonMessages.unknown}`);
    expect(OrderList.parse((await get("/api/order", customer)).json())).toEqual([]);
    const codes = PromoCodeList.parse((await get("/api/admin/promo-codes", owner)).json());
    expect(codes.find((row) => row._id === _id)?.uses).toBe(0);
  });

  it("takes a promo code's discount off the whole order, as the checkout's Apply said, and keeps each line's own amount", async () => {
    const { code } = await createPromoCode(ctx, owner, "ADDONS10", { value: 10 });
    const customer = await createAccount(ctx);
    const quote = await ctx.app.inject({
      method: "POST",
      url: "/api/promo/quote",
      headers: { cookie: customer.cookie },
      payload: { code, planId: plan._id, addonIds: both() },
    });
    const subtotal = planCents() + 7000;
    const discount = Math.round(subtotal * 0.1);
    expect(PromoQuote.parse(quote.json())).toMatchObject({
      subtotal: subtotal / 100,
      discount: discount / 100,
      total: (subtotal - discount) / 100,
    });
    const placed = await placeOrder(ctx, customer, plan._id, {
      addonIds: both(),
      promoCode: code.toLowerCase(),
    });
    const order = await myOrder(customer, placed.json().insertedId);
    expect(order).toMatchObject({
      currentPrice: (subtotal - discount) / 100,
      discount: discount / 100,
      promoCode: code,
    });
    expect(order.lines?.map((line) => line.amount)).toEqual([plan.newPrice, rush.price, report.price]);
  });

  it("stops a fixed discount at the smallest card charge, for the whole order", async () => {
    const { code } = await createPromoCode(ctx, owner, "ALMOSTFREE", { kind: "fixed", value: 100_000 });
    const { customer, orderId } = await orderBoth({ promoCode: code });
    const order = await myOrder(customer, orderId);
    expect(order).toMatchObject({ currentPrice: 0.5, discount: (planCents() + 7000 - 50) / 100 });
  });

  it("gives a code's last uses to as many of the orders placed at once as it has left", async () => {
    const { code, _id } = await createPromoCode(ctx, owner, "TWOLEFT", { maxUses: 2 });
    const customers = await Promise.all(Array.from({ length: 5 }, () => createAccount(ctx)));
    const answers = await Promise.all(
      customers.map((customer) =>
        placeOrder(ctx, customer, plan._id, { addonIds: [report._id], promoCode: code }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 422, 422, 422]);
    for (const answer of answers.filter((each) => each.statusCode === 422)) {
      expect(ErrorResponse.parse(answer.json()).error.message).toBe(promoMessages.invalid);
    }
    const codes = PromoCodeList.parse((await get("/api/admin/promo-codes", owner)).json());
    expect(codes.find((row) => row._id === _id)?.uses).toBe(2);
  });
});

describe("paying for and renewing an order with add-ons", () => {
  it("charges every line first, then the plan and the add-ons charged every period at each renewal, with their receipts", async () => {
    const { customer, orderId } = await orderBoth();
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
    const subscription = await mySubscription(ctx, customer, orderId);
    await runJobsAt(ctx, subscription.currentPeriodEnd);

    const receipts = (await myReceipts(customer)).sort((a, b) => a.paidAt.localeCompare(b.paidAt));
    expect(receipts.map((receipt) => receipt.amount)).toEqual([
      (planCents() + 7000) / 100,
      (planCents() + 2000) / 100,
    ]);
    const [first, renewal] = receipts;
    expect(first?.lines.map((line) => [line.description, line.amount])).toEqual([
      [`${plan.service} plan (monthly)`, plan.newPrice],
      ["Rush delivery", 50],
      ["Monthly report", 20],
    ]);
    expect(renewal?.lines.map((line) => [line.description, line.amount])).toEqual([
      [`${plan.service} plan (monthly)`, plan.newPrice],
      ["Monthly report", 20],
    ]);
    expect(renewal).toMatchObject({ listPrice: (planCents() + 2000) / 100, discount: 0 });

    const pdf = readPdf((await get(`/api/receipts/${first?._id}/pdf`, customer)).rawPayload);
    expect(pdf.lines).toContain("Rush delivery");
    expect(pdf.lines).toContain("Monthly report");
  });

  it("takes a code for every payment off each renewal's sum, and a code for the first payment off the first only", async () => {
    const every = await createPromoCode(ctx, owner, "EVERY25", { value: 25, appliesTo: "every" });
    const first = await createPromoCode(ctx, owner, "FIRST25", { value: 25, appliesTo: "first" });
    const renewalSum = planCents() + 2000;
    const firstSum = planCents() + 7000;
    const cases = [
      [every.code, firstSum - Math.round(firstSum * 0.25), renewalSum - Math.round(renewalSum * 0.25)],
      [first.code, firstSum - Math.round(firstSum * 0.25), renewalSum],
    ] as const;
    for (const [code, firstCents, renewalCents] of cases) {
      const { customer, orderId } = await orderBoth({ promoCode: code });
      expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
      const subscription = await mySubscription(ctx, customer, orderId);
      await runJobsAt(ctx, subscription.currentPeriodEnd);
      const receipts = (await myReceipts(customer)).sort((a, b) => a.paidAt.localeCompare(b.paidAt));
      expect([code, receipts.map((receipt) => cents(receipt.amount))]).toEqual([
        code,
        [firstCents, renewalCents],
      ]);
      expect(receipts[1]).toMatchObject({
        listPrice: renewalSum / 100,
        discount: (renewalSum - renewalCents) / 100,
        promoCode: renewalCents === renewalSum ? null : code,
      });
    }
  });
});
