import {
  formatOrderNumber,
  Overview,
  PaymentList,
  Receipt,
  type RefundOrderBody,
  refundMessages,
  Subscription,
  workflowMessages,
} from "@agency/contract";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { OrderSeenInFull, placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";
import { readPdf } from "../../../test/pdf-text.js";
import { auditLog, orders, payments, receipts } from "../../db/schema.js";

let ctx: TestContext;
let owner: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { admin: true });
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

const call = (account: TestAccount, method: "GET" | "POST", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: account.cookie }, payload });

const refund = (orderId: string, body: Partial<RefundOrderBody> | object, as: TestAccount = owner) =>
  call(as, "POST", `/api/admin/orders/${orderId}/refunds`, body);

async function detail(orderId: string) {
  return OrderSeenInFull.parse((await call(owner, "GET", `/api/admin/orders/${orderId}`)).json());
}

/** A customer's paid order of the plan, and the payment that paid it. */
async function paidOrder(planId = plans.premiumYearly._id) {
  const customer = await createAccount(ctx);
  const orderId = await placePaidOrder(ctx, customer, planId);
  const order = await detail(orderId);
  const [payment] = order.payments;
  if (!payment) throw new Error("the paid order has no payment");
  return { customer, orderId, order, payment };
}

/** What is written for the order's money: its payments and refunds, and their receipts. */
async function ledgerOf(orderId: string) {
  const rows = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  const notes = await ctx.db.select().from(receipts).where(eq(receipts.orderId, orderId));
  return { amounts: rows.map((row) => row.amountCents).sort((a, b) => a - b), receipts: notes.length };
}

const cents = (dollars: number) => Math.round(dollars * 100);

describe("partial refunds", () => {
  it("gives back part of a payment with its reason, as a credit note and a negative payment, and leaves the work alone", async () => {
    const { customer, orderId, order, payment } = await paidOrder();
    expect(
      (await call(owner, "POST", `/api/admin/orders/${orderId}/state`, { state: "in_progress" })).statusCode,
    ).toBe(200);

    const response = await refund(orderId, {
      paymentId: payment._id,
      amount: 10.5,
      reason: " Late delivery ",
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = OrderSeenInFull.parse(response.json());
    expect(after.state).toBe("in_progress");
    expect(Subscription.parse(after.subscription).status).toBe("active");
    expect(after.payments).toEqual([
      expect.objectContaining({
        _id: payment._id,
        amount: order.currentPrice,
        refunded: 10.5,
        refundable: (cents(order.currentPrice) - 1050) / 100,
      }),
    ]);
    expect(after.refunds).toEqual([
      expect.objectContaining({ refundOf: payment._id, amount: 10.5, reason: "Late delivery" }),
    ]);

    // The customer sees it on the order page and in Payment History, with its reason and credit note.
    const own = OrderSeenInFull.parse((await call(customer, "GET", `/api/order/${orderId}`)).json());
    expect(own.refunds).toEqual(after.refunds);
    const history = PaymentList.parse(
      (await call(customer, "GET", `/api/payment-history/${customer.email}`)).json(),
    );
    expect(history.map((item) => [item.currentPrice, item.refundReason])).toEqual(
      expect.arrayContaining([
        [order.currentPrice, null],
        [-10.5, "Late delivery"],
      ]),
    );
    const noteId = after.refunds[0]?.receiptId;
    const creditNote = Receipt.parse((await call(customer, "GET", `/api/receipts/${noteId}`)).json());
    expect(creditNote.amount).toBe(-10.5);
    expect(creditNote.refundReason).toBe("Late delivery");
    const pdf = readPdf((await call(customer, "GET", `/api/receipts/${noteId}/pdf`)).rawPayload);
    expect(pdf.lines).toContain(`Credit note ${creditNote.number}`);
    expect(pdf.lines).toEqual(expect.arrayContaining(["Reason", "Late delivery"]));
    // A long reason wraps within the page instead of running off it.
    const long = await refund(orderId, { paymentId: payment._id, amount: 1, reason: "word ".repeat(90) });
    const longNoteId = OrderSeenInFull.parse(long.json()).refunds.find(
      (item) => item.amount === 1,
    )?.receiptId;
    const longPdf = readPdf((await call(customer, "GET", `/api/receipts/${longNoteId}/pdf`)).rawPayload);
    expect(longPdf.lines.filter((line) => line.startsWith("word word")).length).toBeGreaterThan(2);

    // The customer is mailed each refund, with the credit note's number, where to and why.
    await runJobs(ctx);
    const mails = (await outbox(ctx)).filter(
      (mail) => mail.to === customer.email && mail.subject.startsWith("We refunded"),
    );
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        `We refunded $10.50 for order ${formatOrderNumber(order.number)}: credit note ${creditNote.number}`,
      ]),
    );
    const mail = mails.find((item) => item.subject.includes(creditNote.number));
    expect(mail?.text).toContain("Late delivery");
    expect(mail?.link).toContain(`/dashboard/receipts/${noteId}`);
    expect(await ledgerOf(orderId)).toEqual({
      amounts: [-1050, -100, cents(order.currentPrice)],
      receipts: 3,
    });

    // The audit log says who gave how much of which payment, and why.
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "payment.refunded"),
          eq(auditLog.subjectId, after.refunds[0]?.paymentId ?? ""),
        ),
      )
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      before: { payment: payment._id, amount: order.currentPrice, left: order.currentPrice },
      after: { refund: 10.5, reason: "Late delivery", left: (cents(order.currentPrice) - 1050) / 100 },
    });
  });

  it("refunds up to what is left, not a cent more, and a refusal changes nothing", async () => {
    const { orderId, order, payment } = await paidOrder(plans.find("Extended", "monthly")._id);
    const paid = cents(order.currentPrice);
    expect(
      (await refund(orderId, { paymentId: payment._id, amount: 5, reason: "Goodwill" })).statusCode,
    ).toBe(200);

    const tooMuch = await refund(orderId, {
      paymentId: payment._id,
      amount: (paid - 500 + 1) / 100,
      reason: "x",
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe(
      refundMessages.moreThanLeft(`$${((paid - 500) / 100).toFixed(2)}`),
    );
    expect(await ledgerOf(orderId)).toEqual({ amounts: [-500, paid], receipts: 2 });

    // Once what is left goes back too, the order is done: cancelled with its plan, as a refund of all was.
    const rest = await refund(orderId, {
      paymentId: payment._id,
      amount: (paid - 500) / 100,
      reason: "Closing",
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const closed = OrderSeenInFull.parse(rest.json());
    expect(closed.state).toBe("cancelled");
    expect(closed.history.at(-1)).toMatchObject({ state: "cancelled", note: "Closing" });
    expect(Subscription.parse(closed.subscription).status).toBe("ended");
    expect(closed.payments[0]).toMatchObject({ refunded: order.currentPrice, refundable: 0 });

    const cent = await refund(orderId, { paymentId: payment._id, amount: 0.01, reason: "One more" });
    expect(cent.statusCode).toBe(409);
    expect(cent.json().error.message).toBe(refundMessages.nothingLeft);
    expect(await ledgerOf(orderId)).toEqual({ amounts: [-(paid - 500), -500, paid], receipts: 3 });

    // The first refund's own mail; the last one's is the cancellation's, which tells of it.
    await runJobs(ctx);
    const mails = (await outbox(ctx)).filter((mail) => mail.to === order.email);
    const number = formatOrderNumber(order.number);
    expect(
      mails.filter((mail) => mail.subject.startsWith(`We refunded $5.00 for order ${number}`)),
    ).toHaveLength(1);
    expect(
      mails.filter((mail) => mail.subject.startsWith("We refunded") && mail.subject.includes(number)),
    ).toHaveLength(1);
  });

  it("gives ten refunds asked at once one after the other, never more than was paid", async () => {
    const { orderId, order, payment } = await paidOrder(plans.find("Premium", "monthly")._id);
    const paid = cents(order.currentPrice);
    // Each asks for a little more than a sixth: five fit, a sixth would pass what was paid.
    const each = Math.floor(paid / 6) + 1;
    const fit = Math.floor(paid / each);
    expect(paid - fit * each).toBeGreaterThan(0);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        refund(orderId, { paymentId: payment._id, amount: each / 100, reason: `Part ${i + 1}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(fit).fill(200), ...Array(10 - fit).fill(409)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().error.message).toBe(
        refundMessages.moreThanLeft(`$${((paid - fit * each) / 100).toFixed(2)}`),
      );
    }
    const ledger = await ledgerOf(orderId);
    expect(ledger.amounts.filter((amount) => amount < 0)).toEqual(Array(fit).fill(-each));
    expect(ledger.receipts).toBe(1 + fit);
    expect(
      -ledger.amounts.filter((amount) => amount < 0).reduce((sum, amount) => sum + amount, 0),
    ).toBeLessThanOrEqual(paid);
    // The refunds were partial: the work goes on.
    expect((await detail(orderId)).state).toBe("submitted");
  });

  it("refuses bad input with a 400, an unknown or malformed payment with a 404, an unpaid order with a 409", async () => {
    const { orderId, payment } = await paidOrder(plans.standardMonthly._id);
    const bad = [
      { paymentId: payment._id, amount: 1 },
      { paymentId: payment._id, amount: 1, reason: "   " },
      { paymentId: payment._id, amount: 0, reason: "Zero" },
      { paymentId: payment._id, amount: -1, reason: "Negative" },
      { paymentId: payment._id, amount: 1.005, reason: "Fractions of a cent" },
      { paymentId: payment._id, amount: "1", reason: "Text" },
      { paymentId: payment._id, amount: 1, reason: "x".repeat(501) },
    ];
    for (const body of bad) expect((await refund(orderId, body)).statusCode, JSON.stringify(body)).toBe(400);
    const missingReason = await refund(orderId, { paymentId: payment._id, amount: 1 });
    expect(missingReason.json().error.fields).toMatchObject({ reason: expect.any(String) });

    const other = await paidOrder(plans.standardMonthly._id);
    for (const paymentId of ["not-an-id", other.payment._id, crypto.randomUUID()]) {
      const response = await refund(orderId, { paymentId, amount: 1, reason: "Wrong payment" });
      expect(response.statusCode, paymentId).toBe(404);
      expect(response.json().error.message).toBe(refundMessages.paymentNotFound);
    }
    expect((await refund("not-an-id", { paymentId: payment._id, amount: 1, reason: "x" })).statusCode).toBe(
      404,
    );

    const unpaid: string = (await placeOrder(ctx, await createAccount(ctx), plans.standardMonthly._id)).json()
      .insertedId;
    const refused = await refund(unpaid, { paymentId: payment._id, amount: 1, reason: "Not paid" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(workflowMessages.notPaid);
    expect(await ledgerOf(orderId)).toEqual({ amounts: [cents(payment.amount)], receipts: 1 });
  });

  it("is the owner's: a customer cannot refund, not even their own order", async () => {
    const { customer, orderId, payment } = await paidOrder(plans.find("Standard", "yearly")._id);
    expect(
      (await refund(orderId, { paymentId: payment._id, amount: 1, reason: "Mine" }, customer)).statusCode,
    ).toBe(403);
    expect(await ledgerOf(orderId)).toEqual({ amounts: [cents(payment.amount)], receipts: 1 });
  });

  it("counts a refund in the Overview's month it was given and lists it in the payments export with its reason", async () => {
    const { customer, orderId, order, payment } = await paidOrder(plans.find("Extended", "yearly")._id);
    // Paid last month (the 15th), refunded now.
    const now = ctx.clock.now();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
    await ctx.db.update(payments).set({ paymentTime: lastMonth }).where(eq(payments.orderId, orderId));
    await ctx.db.update(orders).set({ paymentTime: lastMonth }).where(eq(orders.id, orderId));
    const overview = async () => {
      // A minute on: past the time the Overview keeps its figures.
      ctx.clock.advance(60_000);
      const figures = Overview.parse((await call(owner, "GET", "/api/admin/overview")).json()).months;
      return { previous: figures.at(-2)?.revenue ?? 0, current: figures.at(-1)?.revenue ?? 0 };
    };
    const before = await overview();
    expect(
      (await refund(orderId, { paymentId: payment._id, amount: 7.25, reason: "Missed a post" })).statusCode,
    ).toBe(200);
    const after = await overview();
    expect(after.previous).toBe(before.previous);
    expect(cents(after.current)).toBe(cents(before.current) - 725);

    const csv = await call(owner, "GET", `/api/admin/payments.csv?q=${encodeURIComponent(customer.email)}`);
    expect(csv.statusCode).toBe(200);
    const [header = "", ...lines] = csv.body.trim().split("\r\n");
    const rows = lines.map((line) =>
      Object.fromEntries(line.split(",").map((cell, i) => [header.split(",")[i], cell])),
    );
    const [paidReceipt] = await ctx.db.select().from(receipts).where(eq(receipts.paymentId, payment._id));
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "refund",
        amount: "-7.25",
        refundOf: paidReceipt?.number,
        reason: "Missed a post",
      }),
      expect.objectContaining({
        kind: "payment",
        amount: order.currentPrice.toFixed(2),
        refundOf: "",
        reason: "",
      }),
    ]);
  });
});
