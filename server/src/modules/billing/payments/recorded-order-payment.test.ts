import {
  AdminSalesDetail,
  InvoicePayments,
  invoicePaymentMessages,
  webhookEventTypes,
} from "@agency/contract";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../../test/helpers.js";
import { outbox, runJobs } from "../../../../test/jobs.js";
import { OrderSeenInFull } from "../../../../test/orders.js";
import { invoiceBody, quoteBody, salesDetail, signedQuote, writeQuote } from "../../../../test/sales.js";
import { addWebhookEndpoint } from "../../../../test/webhook-endpoints.js";
import { auditLog, orders, receipts, webhookEvents } from "../../../db/schema.js";

// A quote the client accepted, or an invoice that starts work, paid by a transfer the agency
// records: the work opens as the card would open it, and the money is refunded from its order.

let ctx: TestContext;
let owner: TestAccount;
let client: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  client = await createAccount(ctx, { name: "Ada Client" });
  await addWebhookEndpoint(ctx, owner, {
    url: "https://hooks.example.com/in",
    events: [...webhookEventTypes],
  });
});
afterAll(() => ctx.close());

const today = () => new Date().toISOString().slice(0, 10);
const record = (id: string, payload: object) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/admin/sales/${id}/payments`,
    headers: { cookie: owner.cookie },
    payload,
  });
const ordersOf = async (userId: string) => ctx.db.select().from(orders).where(eq(orders.userId, userId));

describe("money recorded for work that starts when paid", () => {
  it("opens an accepted quote's order, paid, with a receipt of its lines; the refund is the order's", async () => {
    const id = await signedQuote(ctx, owner, client);
    // Only in full: the work starts once, on all of it.
    const part = await record(id, { date: today(), amount: 200, method: "bank_transfer" });
    expect(part.statusCode).toBe(400);
    expect(part.json().error.message).toBe(invoicePaymentMessages.inFull("$1,200.00"));
    expect(await ordersOf(client.id)).toHaveLength(0);

    const paid = await record(id, {
      date: today(),
      amount: 1200,
      method: "bank_transfer",
      reference: "SEPA 77",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const listed = InvoicePayments.parse(paid.json());
    expect(listed).toMatchObject({ amountPaid: 1200, amountDue: 0 });
    // Refunded from its order, not here.
    expect(listed.payments[0]).toMatchObject({
      method: "bank_transfer",
      reference: "SEPA 77",
      refundable: null,
    });

    const [order] = await ordersOf(client.id);
    expect(order).toMatchObject({ paid: true, priceCents: 120_000, state: "submitted" });
    const detail = AdminSalesDetail.parse(await salesDetail(ctx, owner, id));
    expect(detail.state).toBe("paid");
    const [receipt] = await ctx.db
      .select()
      .from(receipts)
      .where(eq(receipts.orderId, order?.id ?? ""));
    expect(receipt).toMatchObject({ amountCents: 120_000, provider: "recorded", cardLast4: null });
    expect(receipt?.lines?.map((line) => line.description)).toEqual(["Landing page"]);

    const events = (await ctx.db.select({ type: webhookEvents.type }).from(webhookEvents)).map((e) => e.type);
    expect(events).toEqual(expect.arrayContaining(["order.paid", "payment.recorded"]));
    const audited = await ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, "payment.recorded"));
    expect(audited[0]?.n).toBe(1);
    await runJobs(ctx);
    const mails = (await outbox(ctx)).filter((mail) => mail.to === client.email);
    expect(mails.some((mail) => /receipt/i.test(mail.subject))).toBe(true);

    // Recorded twice, it is refused: the quote is paid.
    expect((await record(id, { date: today(), amount: 1, method: "cash" })).statusCode).toBe(409);

    // Given back in part from the order page, by hand: a credit note, nothing asked of a provider.
    const orderDetail = OrderSeenInFull.parse(
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/admin/orders/${order?.id}`,
          headers: { cookie: owner.cookie },
        })
      ).json(),
    );
    const refund = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order?.id}/refunds`,
      headers: { cookie: owner.cookie },
      payload: { paymentId: orderDetail.payments[0]?._id, amount: 200, reason: "Fewer pages" },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const notes = await ctx.db.select().from(receipts).where(eq(receipts.kind, "credit_note"));
    expect(notes.map((note) => [note.amountCents, note.creditsNumber])).toEqual([[-20_000, receipt?.number]]);
  });

  it("opens an invoice's order when it starts work, and refuses one with recurring lines", async () => {
    const id = await writeQuote(ctx, owner, {
      send: true,
      body: invoiceBody({
        email: client.email,
        name: "Ada",
        lines: [{ description: "Audit", quantity: 2, unitPrice: 150, recurring: null }],
      }),
    });
    const before = (await ordersOf(client.id)).length;
    const paid = await record(id, { date: today(), amount: 300, method: "cash" });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ordersOf(client.id)).toHaveLength(before + 1);
    expect((await salesDetail(ctx, owner, id)).state).toBe("paid");

    const monthly = await writeQuote(ctx, owner, {
      send: true,
      body: invoiceBody({
        email: client.email,
        lines: [{ description: "Retainer", quantity: 1, unitPrice: 500, recurring: "monthly" }],
      }),
    });
    const refused = await record(monthly, { date: today(), amount: 500, method: "bank_transfer" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(invoicePaymentMessages.recurringByCard);
    expect(await ordersOf(client.id)).toHaveLength(before + 1);
  });

  it("takes no money for a quote the client has not accepted", async () => {
    const id = await writeQuote(ctx, owner, { send: true, body: quoteBody({ email: client.email }) });
    const refused = await record(id, { date: today(), amount: 1200, method: "bank_transfer" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(invoicePaymentMessages.notAccepted);
  });
});
