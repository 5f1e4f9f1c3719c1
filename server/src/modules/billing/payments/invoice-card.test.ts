import {
  CustomerSalesDocument,
  InvoicePayments,
  PaymentIntent,
  salesMessages,
  webhookEventTypes,
} from "@agency/contract";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../../test/helpers.js";
import { placePaidOrder, planIds } from "../../../../test/orders.js";
import { customerCall, invoiceBody, salesDetail, tokenOf, writeQuote } from "../../../../test/sales.js";
import { createStripeTestApp } from "../../../../test/stripe.js";
import { addWebhookEndpoint } from "../../../../test/webhook-endpoints.js";
import { auditLog, orders, receipts, user, webhookEvents } from "../../../db/schema.js";
import { addPersonToCompany } from "../../companies/index.js";

// An invoice for work already done (or for nothing) is paid by card as it is: the provider's
// payment carries the invoice, its success books a payment with a receipt, and no order opens.

let ctx: TestContext;
let owner: TestAccount;
let client: TestAccount;
let billing: TestAccount;
let member: TestAccount;
let outsider: TestAccount;
let orderId: string;

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

beforeAll(async () => {
  ctx = await createTestApp();
  const plans = await planIds(ctx);
  owner = await createAccount(ctx, { role: "owner" });
  client = await createAccount(ctx, { name: "Ada Admin" });
  orderId = await placePaidOrder(ctx, client, plans.standardMonthly._id);
  const [row] = await ctx.db.select({ companyId: user.companyId }).from(user).where(eq(user.id, client.id));
  const companyId = row?.companyId ?? "";
  billing = await createAccount(ctx, { name: "Bo Billing" });
  member = await createAccount(ctx, { name: "Mo Member" });
  await ctx.db.transaction(async (tx) => {
    await addPersonToCompany(tx, { companyId, userId: billing.id, companyRole: "billing" });
    await addPersonToCompany(tx, { companyId, userId: member.id, companyRole: "member" });
  });
  outsider = await createAccount(ctx, { name: "Olga Outsider" });
  ctx.app.sessionCache.clear();
  await addWebhookEndpoint(ctx, owner, {
    url: "https://hooks.example.com/in",
    events: [...webhookEventTypes],
  });
});
afterAll(() => ctx.close());

const orderCount = async () => (await ctx.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
const today = () => new Date().toISOString().slice(0, 10);

async function sentInvoice(overrides: Parameters<typeof invoiceBody>[0] = {}) {
  const id = await writeQuote(ctx, owner, {
    send: true,
    body: invoiceBody({
      email: client.email,
      name: "Ada",
      forOrderId: orderId,
      startsWork: undefined,
      ...overrides,
    }),
  });
  return { id, token: await tokenOf(ctx, owner, id) };
}

const testCard = (account: TestAccount, intent: PaymentIntent) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/payments/test/confirm",
    headers: { cookie: account.cookie },
    payload: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...card },
  });

describe("an invoice that opens no order, paid by card", () => {
  it("is paid in full after a recorded transfer in part: a card receipt, the webhook, the audit, and no order", async () => {
    const { id, token } = await sentInvoice();
    const page = CustomerSalesDocument.parse((await customerCall(ctx, client, "GET", token)).json());
    expect(page.canPay).toBe(true);
    // Its card payment is on its page: the order's payment route refuses it.
    const viaOrder = await customerCall(ctx, client, "POST", `${token}/pay`);
    expect(viaOrder.statusCode).toBe(409);
    expect(viaOrder.json().error.message).toBe(salesMessages.paidOnItsPage);

    const part = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/sales/${id}/payments`,
      headers: { cookie: owner.cookie },
      payload: { date: today(), amount: 500, method: "bank_transfer", reference: "ACME 1" },
    });
    expect(part.statusCode, part.body).toBe(200);
    const before = await orderCount();

    // A colleague with the Billing role pays what is left.
    const opened = await customerCall(ctx, billing, "POST", `${token}/card`);
    expect(opened.statusCode, opened.body).toBe(200);
    const intent = PaymentIntent.parse(opened.json());
    expect(intent).toMatchObject({ provider: "test", amount: 700, currency: "usd" });
    // Opened again, the same payment serves.
    const again = PaymentIntent.parse((await customerCall(ctx, billing, "POST", `${token}/card`)).json());
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);

    expect((await testCard(billing, intent)).statusCode).toBe(200);
    // The card form then reports it, which books nothing twice.
    const confirmed = await customerCall(ctx, billing, "POST", `${token}/card/confirm`, {
      transactionId: intent.paymentIntentId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = CustomerSalesDocument.parse(confirmed.json());
    expect(after).toMatchObject({ state: "paid", amountPaid: 1200, amountDue: 0, canPay: false });
    expect(await orderCount()).toBe(before);

    const listed = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/sales/${id}/payments`,
      headers: { cookie: owner.cookie },
    });
    const paid = InvoicePayments.parse(listed.json());
    // By the day: the transfer was dated today, at noon.
    const byMethod = new Map(paid.payments.map((payment) => [payment.method, payment]));
    expect(byMethod.get("bank_transfer")?.amount).toBe(500);
    expect(byMethod.get("card")?.amount).toBe(700);
    const detail = await salesDetail(ctx, owner, id);
    expect(detail.state).toBe("paid");
    const [receipt] = await ctx.db
      .select()
      .from(receipts)
      .where(eq(receipts.paymentId, byMethod.get("card")?._id ?? ""));
    expect(receipt).toMatchObject({ amountCents: 70_000, cardLast4: "4242", documentNumber: detail.number });

    const events = (await ctx.db.select({ type: webhookEvents.type }).from(webhookEvents)).map((e) => e.type);
    expect(events.filter((type) => type === "payment.recorded")).toHaveLength(2);
    expect(events).toContain("invoice.paid");
    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "invoice.paid"));
    expect(audited.some((entry) => entry.subjectLabel === detail.number)).toBe(true);

    // Nothing is left to pay.
    expect((await customerCall(ctx, client, "POST", `${token}/card`)).statusCode).toBe(409);
  });

  it("is opened and charged only by a person who may pay it", async () => {
    const { token } = await sentInvoice({ forOrderId: null, startsWork: false });
    expect((await customerCall(ctx, outsider, "POST", `${token}/card`)).statusCode).toBe(404);
    expect((await customerCall(ctx, member, "POST", `${token}/card`)).statusCode).toBe(404);
    const opened = await customerCall(ctx, client, "POST", `${token}/card`);
    expect(opened.statusCode, opened.body).toBe(200);
    const intent = PaymentIntent.parse(opened.json());
    expect((await testCard(outsider, intent)).statusCode).toBe(404);
    expect((await testCard(member, intent)).statusCode).toBe(404);
    // A payment of another invoice is not this one's.
    const other = await sentInvoice({ forOrderId: null, startsWork: false });
    const confirmed = await customerCall(ctx, client, "POST", `${other.token}/card/confirm`, {
      transactionId: intent.paymentIntentId,
    });
    expect(confirmed.statusCode).toBe(422);
    expect(confirmed.json().error.message).toBe(salesMessages.noSuchCardPayment);
  });

  it("is not how an invoice that starts work is paid: its Pay button opens the order", async () => {
    const { token } = await sentInvoice({ forOrderId: null, startsWork: true });
    const refused = await customerCall(ctx, client, "POST", `${token}/card`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(salesMessages.paidThroughOrder);
  });
});

describe("an invoice paid by card through Stripe", () => {
  it("is booked once from the webhook and the client's confirmation, and opens no order", async () => {
    const stripe = await createStripeTestApp();
    try {
      const shop = stripe.ctx;
      const agency = await createAccount(shop, { role: "owner" });
      const payer = await createAccount(shop, { name: "Pat Payer" });
      const id = await writeQuote(shop, agency, {
        send: true,
        body: invoiceBody({ email: payer.email, name: "Pat", forOrderId: null, startsWork: false }),
      });
      const token = await tokenOf(shop, agency, id);
      await customerCall(shop, payer, "GET", token);
      const opened = await customerCall(shop, payer, "POST", `${token}/card`);
      expect(opened.statusCode, opened.body).toBe(200);
      const intent = PaymentIntent.parse(opened.json());
      expect(stripe.fake.intents.get(intent.paymentIntentId)).toMatchObject({
        amount: 120_000,
        metadata: { invoiceId: id },
      });
      const before = (await shop.db.select({ n: count() }).from(orders))[0]?.n;
      const succeeded = stripe.fake.succeed(intent.paymentIntentId);
      const event = { id: "evt_invoice_card", object: "event", type: "payment_intent.succeeded" };
      const delivered = await stripe.deliver({ ...event, data: { object: succeeded } });
      expect(delivered.statusCode).toBe(200);
      expect((await stripe.deliver({ ...event, data: { object: succeeded } })).statusCode).toBe(200);
      const confirmed = await customerCall(shop, payer, "POST", `${token}/card/confirm`, {
        transactionId: intent.paymentIntentId,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(CustomerSalesDocument.parse(confirmed.json())).toMatchObject({ state: "paid", amountDue: 0 });
      const booked = await shop.db
        .select()
        .from(receipts)
        .where(eq(receipts.documentNumber, confirmed.json().number));
      expect(booked).toHaveLength(1);
      expect((await shop.db.select({ n: count() }).from(orders))[0]?.n).toBe(before);
    } finally {
      await stripe.close();
    }
  });
});
