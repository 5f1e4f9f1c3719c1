import { PaymentList, Receipt, receiptMessages } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../../test/helpers.js";
import { outbox, runJobs } from "../../../../test/jobs.js";
import { OrderSeenInFull, placePaidOrder, planIds } from "../../../../test/orders.js";
import { readPdf } from "../../../../test/pdf-text.js";

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

async function detail(orderId: string) {
  return OrderSeenInFull.parse((await call(owner, "GET", `/api/admin/orders/${orderId}`)).json());
}

async function paidOrder() {
  const customer = await createAccount(ctx);
  const orderId = await placePaidOrder(ctx, customer, plans.premiumYearly._id);
  const payment = (await detail(orderId)).payments[0];
  if (!payment?.receiptId) throw new Error("the paid order has no receipt");
  return { customer, orderId, payment };
}

async function refundOf(orderId: string, paymentId: string, amount: number, reason: string) {
  const response = await call(owner, "POST", `/api/admin/orders/${orderId}/refunds`, {
    paymentId,
    amount,
    reason,
  });
  expect(response.statusCode, response.body).toBe(200);
  const refund = OrderSeenInFull.parse(response.json()).refunds.at(-1);
  if (!refund?.receiptId) throw new Error("the refund has no credit note");
  return refund.receiptId;
}

const receipt = async (account: TestAccount, id: string) =>
  Receipt.parse((await call(account, "GET", `/api/receipts/${id}`)).json());

describe("credit notes", () => {
  it("are numbered CN-YYYY-NNNN in their own gap-free series, apart from receipts", async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const notes = [
      await refundOf(first.orderId, first.payment._id, 1, "One"),
      await refundOf(second.orderId, second.payment._id, 2, "Two"),
      await refundOf(first.orderId, first.payment._id, 3, "Three"),
    ];
    const numbers = await Promise.all(notes.map(async (id) => (await receipt(owner, id)).number));
    const year = new Date().getUTCFullYear();
    expect(numbers).toEqual([`CN-${year}-0001`, `CN-${year}-0002`, `CN-${year}-0003`]);

    // Receipts go on counting their own series, untouched by the credit notes between them.
    const paidReceipts = await Promise.all(
      [first, second].map(async ({ customer, payment }) => receipt(customer, payment.receiptId ?? "")),
    );
    const third = await paidOrder();
    const thirdReceipt = await receipt(third.customer, third.payment.receiptId ?? "");
    const sequence = (number: string) => Number(number.split("-")[2]);
    expect(paidReceipts.map((item) => item.kind)).toEqual(["receipt", "receipt"]);
    expect(sequence(thirdReceipt.number)).toBe(sequence(paidReceipts[1]?.number ?? "") + 1);
    expect(thirdReceipt.number).toMatch(/^R-\d{4}-\d{5}$/);
  });

  it("names the receipt it credits and the reason, on the page, the PDF, the mail and in Payment History", async () => {
    const { customer, orderId, payment } = await paidOrder();
    const paid = await receipt(customer, payment.receiptId ?? "");
    const noteId = await refundOf(orderId, payment._id, 10.5, "Late delivery");

    const note = await receipt(customer, noteId);
    expect(note).toMatchObject({
      kind: "credit_note",
      amount: -10.5,
      refundReason: "Late delivery",
      credits: { _id: paid._id, number: paid.number },
    });
    expect(paid.credits).toBeNull();

    const pdf = readPdf((await call(customer, "GET", `/api/receipts/${noteId}/pdf`)).rawPayload);
    expect(pdf.lines).toContain(receiptMessages.named("credit_note", note.number));
    expect(pdf.lines).toContain(`Credits receipt ${paid.number}`);
    expect(pdf.lines).toEqual(expect.arrayContaining(["Reason", "Late delivery"]));

    const history = PaymentList.parse(
      (await call(customer, "GET", `/api/payment-history/${customer.email}`)).json(),
    );
    expect(history.map((item) => [item.receiptKind, item.receiptNumber])).toEqual(
      expect.arrayContaining([
        ["receipt", paid.number],
        ["credit_note", note.number],
      ]),
    );

    await runJobs(ctx);
    const mail = (await outbox(ctx)).find(
      (item) => item.to === customer.email && item.subject.includes(note.number),
    );
    expect(mail?.text).toContain(`Credits receipt: ${paid.number}`);
    expect(mail?.text).toContain("Late delivery");
  });
});
