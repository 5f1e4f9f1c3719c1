import { OrderList, PaymentList, Receipt, Subscription, workflowMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { OrderSeenInFull, payWithTestCard, placeOrder, planIds } from "../../../test/orders.js";
import { callAs, type Method, orderDetail, paidCustomerOf } from "../../../test/workflow.js";
import { orderBriefs, orderEvents } from "../../db/schema.js";

let ctx: TestContext;
let admin: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true, name: "Grace Admin" });
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

const call = (account: TestAccount, method: Method, url: string, payload?: object) =>
  callAs(ctx, account, method, url, payload);
const detail = (account: TestAccount, orderId: string) => orderDetail(ctx, account, orderId);

const move = (orderId: string, payload: object) =>
  call(admin, "POST", `/api/admin/orders/${orderId}/state`, payload);

/** A customer with a paid order of a plan nobody else in this file buys twice. */
const paidCustomer = (name: string, serviceId = plans.standardMonthly._id) =>
  paidCustomerOf(ctx, name, serviceId);

describe("the order workflow", () => {
  it("submits a paid order, by its customer, with the default brief to answer", async () => {
    const customer = await createAccount(ctx, { name: "Ada Lovelace" });
    const orderId: string = (await placeOrder(ctx, customer, plans.standardMonthly._id)).json().insertedId;

    const unpaid = await detail(customer, orderId);
    expect(unpaid).toMatchObject({ paid: false, state: null, history: [], brief: null, refunds: [] });

    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
    const paid = await detail(customer, orderId);
    expect(paid.state).toBe("submitted");
    expect(paid.history).toEqual([
      expect.objectContaining({
        from: null,
        state: "submitted",
        by: { name: "Ada Lovelace", role: "customer" },
      }),
    ]);
    expect(paid.brief?.answers).toBeNull();
    expect(paid.brief?.questions.map((question) => [question.kind, question.required])).toEqual([
      ["url", false],
      ["textarea", true],
      ["textarea", true],
      ["textarea", false],
    ]);
    // My Orders shows the state beside the spec's columns.
    const mine = OrderList.parse((await call(customer, "GET", "/api/order")).json());
    expect(mine.find((order) => order._id === orderId)?.state).toBe("submitted");

    await runJobs(ctx);
    const mails = (await outbox(ctx)).filter((mail) => mail.to === customer.email);
    expect(mails.map((mail) => mail.subject)).toContain(`Order #${paid.number}: tell us about your project`);
  });

  it("takes the brief's answers after checking them, and keeps the questions' labels", async () => {
    const { customer, orderId } = await paidCustomer("Brief Writer");
    const { brief } = await detail(customer, orderId);
    const questions = brief?.questions ?? [];
    const [website, goals, audience] = questions;
    if (!website || !goals || !audience) throw new Error("the default questions are missing");

    const missing = await call(customer, "PUT", `/api/order/${orderId}/brief`, {
      answers: { [website._id]: "not a web address", [goals._id]: "More leads" },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      [website._id]: "must be a web address",
      [audience._id]: "is required",
    });
    const unknown = await call(customer, "PUT", `/api/order/${orderId}/brief`, {
      answers: { [goals._id]: "More leads", [audience._id]: "Bakers", other: "x" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await ctx.db.select().from(orderBriefs).where(eq(orderBriefs.orderId, orderId))).toEqual([]);

    const saved = await call(customer, "PUT", `/api/order/${orderId}/brief`, {
      answers: { [website._id]: "example.com", [goals._id]: "More leads", [audience._id]: "Bakers" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(OrderSeenInFull.parse(saved.json()).brief?.answers).toEqual([
      { questionId: website._id, label: website.label, value: "example.com" },
      { questionId: goals._id, label: goals.label, value: "More leads" },
      { questionId: audience._id, label: audience.label, value: "Bakers" },
    ]);

    // The admin sees the same brief; once the work started, the brief is closed.
    const asAdmin = OrderSeenInFull.parse((await call(admin, "GET", `/api/admin/orders/${orderId}`)).json());
    expect(asAdmin.brief?.answers).toHaveLength(3);
    expect((await move(orderId, { state: "in_progress" })).statusCode).toBe(200);
    const late = await call(customer, "PUT", `/api/order/${orderId}/brief`, {
      answers: { [goals._id]: "Other", [audience._id]: "Others" },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(workflowMessages.briefClosed);
  });

  it("moves through in progress, delivered and complete, keeping who and when, and mails both sides", async () => {
    const { customer, orderId } = await paidCustomer(
      "Approving Customer",
      plans.find("Premium", "monthly")._id,
    );
    const skipped = await move(orderId, { state: "delivered" });
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().error.message).toBe(workflowMessages.notAllowed);

    // Only the customer approves, and only a delivery.
    expect((await call(customer, "POST", `/api/order/${orderId}/approve`)).statusCode).toBe(409);
    expect((await move(orderId, { state: "in_progress", note: "Kick-off on Monday" })).statusCode).toBe(200);
    expect((await move(orderId, { state: "delivered", note: "First draft" })).statusCode).toBe(200);
    expect((await call(admin, "POST", `/api/order/${orderId}/approve`)).statusCode).toBe(404);

    const changes = await call(customer, "POST", `/api/order/${orderId}/request-changes`, {
      note: "Bigger logo",
    });
    expect(changes.statusCode, changes.body).toBe(200);
    expect((await move(orderId, { state: "delivered", note: "Second draft" })).statusCode).toBe(200);
    const approved = await call(customer, "POST", `/api/order/${orderId}/approve`);
    expect(approved.statusCode).toBe(200);

    const order = OrderSeenInFull.parse(approved.json());
    expect(order.state).toBe("complete");
    expect(order.history.map((entry) => [entry.from, entry.state, entry.by.role, entry.note])).toEqual([
      [null, "submitted", "customer", null],
      ["submitted", "in_progress", "admin", "Kick-off on Monday"],
      ["in_progress", "delivered", "admin", "First draft"],
      ["delivered", "in_progress", "customer", "Bigger logo"],
      ["in_progress", "delivered", "admin", "Second draft"],
      ["delivered", "complete", "customer", null],
    ]);
    expect(order.history[1]?.by).toEqual({ name: "Grace Admin", role: "admin" });
    const times = order.history.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // Finished orders stay finished.
    expect((await move(orderId, { state: "in_progress" })).statusCode).toBe(409);
    const cancel = await call(admin, "POST", `/api/admin/orders/${orderId}/cancel`, {});
    expect(cancel.json().error.message).toBe(workflowMessages.notCancellable);

    await runJobs(ctx);
    const mails = await outbox(ctx);
    const number = `#${order.number}`;
    const toCustomer = mails.filter((mail) => mail.to === customer.email).map((mail) => mail.subject);
    expect(toCustomer).toEqual(
      expect.arrayContaining([
        `We are working on order ${number}`,
        `Order ${number} is delivered: please review it`,
        `Order ${number} is complete`,
      ]),
    );
    const toAgency = mails.filter((mail) => mail.to === admin.email).map((mail) => mail.subject);
    expect(toAgency).toEqual(
      expect.arrayContaining([`Order ${number}: changes requested`, `Order ${number} approved`]),
    );
  });

  it("refuses the moves of one customer on another's order as if it did not exist", async () => {
    const { orderId } = await paidCustomer("Owner", plans.find("Extended", "monthly")._id);
    const stranger = await createAccount(ctx);
    for (const [method, url, payload] of [
      ["GET", `/api/order/${orderId}`, undefined],
      ["PUT", `/api/order/${orderId}/brief`, { answers: {} }],
      ["POST", `/api/order/${orderId}/approve`, undefined],
      ["POST", `/api/order/${orderId}/request-changes`, { note: "x" }],
    ] as const) {
      const response = await call(stranger, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(stranger, "GET", "/api/order/not-an-id")).statusCode).toBe(404);
    expect((await call(admin, "GET", "/api/admin/orders/not-an-id")).statusCode).toBe(404);
  });

  it("cancels with a refund: a negative payment with its credit note, and the plan ends", async () => {
    const { customer, orderId } = await paidCustomer("Refunded Customer", plans.premiumYearly._id);
    expect((await move(orderId, { state: "in_progress" })).statusCode).toBe(200);
    const response = await call(admin, "POST", `/api/admin/orders/${orderId}/cancel`, {
      refund: true,
      note: "Client closed the shop",
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = OrderSeenInFull.parse(response.json());
    expect(order.state).toBe("cancelled");
    expect(order.history.at(-1)).toMatchObject({
      from: "in_progress",
      state: "cancelled",
      note: "Client closed the shop",
    });
    expect(order.refunds).toEqual([expect.objectContaining({ amount: order.currentPrice })]);
    expect(Subscription.parse(order.subscription).status).toBe("ended");

    const payments = PaymentList.parse(
      (await call(customer, "GET", `/api/payment-history/${customer.email}`)).json(),
    );
    expect(payments.map((payment) => payment.currentPrice).sort()).toEqual(
      [-order.currentPrice, order.currentPrice].sort(),
    );
    const receiptId = order.refunds[0]?.receiptId;
    const creditNote = Receipt.parse((await call(customer, "GET", `/api/receipts/${receiptId}`)).json());
    expect(creditNote.amount).toBe(-order.currentPrice);
    const pdf = await call(customer, "GET", `/api/receipts/${receiptId}/pdf`);
    expect(pdf.statusCode).toBe(200);

    // Nothing is refunded twice; a cancelled order stays cancelled.
    expect(
      (await call(admin, "POST", `/api/admin/orders/${orderId}/cancel`, { refund: true })).statusCode,
    ).toBe(409);
    await runJobs(ctx);
    const mail = (await outbox(ctx)).find((item) => item.subject === `Order #${order.number} is cancelled`);
    expect(mail?.text).toContain(`We refunded $${order.currentPrice.toFixed(2)}`);
    // The plan can be bought again once its cancelled order ended.
    expect((await placeOrder(ctx, customer, plans.premiumYearly._id)).json().success).toBe(true);
  });

  it("refuses to move, cancel or refund an unpaid order", async () => {
    const customer = await createAccount(ctx);
    const orderId: string = (await placeOrder(ctx, customer, plans.find("Extended", "yearly")._id)).json()
      .insertedId;
    expect((await move(orderId, { state: "in_progress" })).json().error.message).toBe(
      workflowMessages.notPaid,
    );
    const cancel = await call(admin, "POST", `/api/admin/orders/${orderId}/cancel`, { refund: true });
    expect(cancel.json().error.message).toBe(workflowMessages.notPaid);
    expect(await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).toEqual([]);
  });
});
