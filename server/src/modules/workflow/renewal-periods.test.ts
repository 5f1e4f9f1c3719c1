import { AdminOrderList, OrderDetail, OrderList, workflowMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { uploadFile } from "../../../test/files.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { planIds } from "../../../test/orders.js";
import { mySubscription, runJobsAt, subscriptionAction } from "../../../test/subscriptions.js";
import { callAs, type Method, orderDetail, paidCustomerOf } from "../../../test/workflow.js";
import { messages, orderPeriods } from "../../db/schema.js";

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

async function answerBrief(customer: TestAccount, orderId: string) {
  const questions = (await detail(customer, orderId)).brief?.questions ?? [];
  const answers = Object.fromEntries(questions.map((question) => [question._id, `${question.kind} answer`]));
  const answered = await call(customer, "PUT", `/api/order/${orderId}/brief`, {
    answers: { ...answers, [questions[0]?._id ?? ""]: "example.com" },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  return OrderDetail.parse(answered.json());
}

/** The admin delivers a file; the customer approves: the period's work is complete. */
async function deliverAndApprove(customer: TestAccount, orderId: string, fileName: string) {
  const upload = await uploadFile(ctx, admin, orderId, {
    name: fileName,
    contentType: "text/plain",
    content: `the work in ${fileName}`,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const fileId: string = upload.json()._id;
  expect((await move(orderId, { state: "in_progress" })).statusCode).toBe(200);
  const delivered = await move(orderId, { state: "delivered", note: `Here: ${fileName}`, fileIds: [fileId] });
  expect(delivered.statusCode, delivered.body).toBe(200);
  const approved = await call(customer, "POST", `/api/order/${orderId}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return OrderDetail.parse(approved.json());
}

/** Runs the renewal that falls due at the end of the order's current billing period. */
async function renew(customer: TestAccount, orderId: string) {
  const subscription = await mySubscription(ctx, customer, orderId);
  await runJobsAt(ctx, subscription.currentPeriodEnd);
  const next = await mySubscription(ctx, customer, orderId);
  return { before: subscription, after: next };
}

describe("a renewal opens the order's next work period", () => {
  it("reopens a complete monthly order as submitted in period 2, with the brief carried over", async () => {
    const { customer, orderId } = await paidCustomerOf(ctx, "Renee Renewal", plans.standardMonthly._id);
    const first = await detail(customer, orderId);
    expect(first.period).toEqual({ number: 1, startedAt: first.paymentTime });
    expect(first.periods).toEqual([first.period]);
    expect(first.history.map((entry) => entry.period)).toEqual([1]);
    const briefed = await answerBrief(customer, orderId);
    expect(briefed.brief).toMatchObject({ carriedOver: false, confirmedAt: expect.any(String) });
    const answers = briefed.brief?.answers;
    const hello = await call(customer, "POST", `/api/order/${orderId}/messages`, { body: "Hello" });
    expect(hello.statusCode, hello.body).toBe(200);

    const complete = await deliverAndApprove(customer, orderId, "period-one.txt");
    expect(complete.state).toBe("complete");

    const { after } = await renew(customer, orderId);
    expect(after.status).toBe("active");

    const renewed = await detail(customer, orderId);
    expect(renewed.state).toBe("submitted");
    expect(renewed.period).toEqual({ number: 2, startedAt: after.currentPeriodStart });
    expect(renewed.periods.map((period) => period.number)).toEqual([1, 2]);
    expect(renewed.history.at(-1)).toMatchObject({
      from: "complete",
      state: "submitted",
      note: "Renewed: period 2 opened",
      by: { name: "Renee Renewal", role: "customer" },
      period: 2,
    });
    // Everything of the first period keeps its label, its delivery first of all.
    const delivery = renewed.history.find((entry) => entry.state === "delivered");
    expect(delivery).toMatchObject({
      period: 1,
      files: [expect.objectContaining({ name: "period-one.txt" })],
    });
    expect(renewed.history.filter((entry) => entry.period === 1).map((entry) => entry.state)).toEqual([
      "submitted",
      "in_progress",
      "delivered",
      "complete",
    ]);
    const [message] = await ctx.db.select().from(messages).where(eq(messages.orderId, orderId));
    expect(message?.period).toBe(1);

    // The brief is carried over, waiting for the customer to confirm it.
    expect(renewed.brief).toMatchObject({ answers, carriedOver: true, confirmedAt: null });
    const [period2] = await ctx.db
      .select()
      .from(orderPeriods)
      .where(eq(orderPeriods.orderId, orderId))
      .orderBy(orderPeriods.number)
      .offset(1);
    expect(period2).toMatchObject({ number: 2, brief: answers, briefConfirmedAt: null });

    // My Orders and the admin's lists say which period is worked on.
    const mine = OrderList.parse((await call(customer, "GET", "/api/order")).json());
    expect(mine.find((order) => order._id === orderId)?.period).toEqual(renewed.period);
    const all = AdminOrderList.parse(
      (await call(admin, "GET", "/api/orders?state=submitted&size=100")).json(),
    );
    expect(all.orders.find((order) => order._id === orderId)?.period).toEqual(renewed.period);
    const asAdmin = OrderDetail.parse((await call(admin, "GET", `/api/admin/orders/${orderId}`)).json());
    expect(asAdmin).toMatchObject({ period: renewed.period, state: "submitted" });

    // Confirming records when; the new period's messages and deliveries are period 2's.
    const confirmed = await call(customer, "POST", `/api/order/${orderId}/brief/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(OrderDetail.parse(confirmed.json()).brief).toMatchObject({
      answers,
      carriedOver: true,
      confirmedAt: expect.any(String),
    });
    expect(
      (await call(customer, "POST", `/api/order/${orderId}/messages`, { body: "Again" })).json(),
    ).toMatchObject({ period: 2 });
    const second = await deliverAndApprove(customer, orderId, "period-two.txt");
    const deliveries = second.history.filter((entry) => entry.state === "delivered");
    expect(deliveries.map((entry) => [entry.period, entry.files.map((file) => file.name)])).toEqual([
      [1, ["period-one.txt"]],
      [2, ["period-two.txt"]],
    ]);

    // The customer is told the new period starts.
    await runJobs(ctx);
    const subjects = (await outbox(ctx))
      .filter((mail) => mail.to === customer.email)
      .map((mail) => mail.subject);
    expect(subjects).toContain(`Order #${renewed.number}: period 2 starts`);
  });

  it("gives the new period its own due date: the plan's turnaround from when it opened", async () => {
    const { customer, orderId } = await paidCustomerOf(ctx, "Dora Deadline", plans.standardMonthly._id);
    await answerBrief(customer, orderId);
    const far = await call(admin, "PUT", `/api/admin/orders/${orderId}/due`, { dueAt: "2030-01-01" });
    expect(far.statusCode, far.body).toBe(200);
    await deliverAndApprove(customer, orderId, "dated.txt");
    const before = Date.now();
    await renew(customer, orderId);
    const after = Date.now();
    const dueOf = async () =>
      OrderDetail.parse((await call(admin, "GET", `/api/admin/orders/${orderId}`)).json()).dueAt;
    const dueAt = await dueOf();
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(new Date(dueAt ?? "").getTime()).toBeGreaterThanOrEqual(before + week - 1000);
    expect(new Date(dueAt ?? "").getTime()).toBeLessThanOrEqual(after + week + 1000);
    // Confirming the carried-over brief keeps the period's date.
    expect((await call(customer, "POST", `/api/order/${orderId}/brief/confirm`)).statusCode).toBe(200);
    expect(await dueOf()).toBe(dueAt);
  });

  it("keeps the work of the paid period going: the next period opens once it is approved", async () => {
    const { customer, orderId } = await paidCustomerOf(ctx, "Ivan Inprogress", plans.standardMonthly._id);
    await answerBrief(customer, orderId);
    expect((await move(orderId, { state: "in_progress" })).statusCode).toBe(200);

    await renew(customer, orderId);
    const during = await detail(customer, orderId);
    expect(during.state).toBe("in_progress");
    expect(during.period?.number).toBe(1);
    expect(during.history.every((entry) => entry.period === 1)).toBe(true);

    expect((await move(orderId, { state: "delivered", note: "Late but here" })).statusCode).toBe(200);
    const approved = await call(customer, "POST", `/api/order/${orderId}/approve`);
    expect(approved.statusCode).toBe(200);
    const reopened = OrderDetail.parse(approved.json());
    expect(reopened.state).toBe("submitted");
    expect(reopened.period?.number).toBe(2);
    expect(reopened.history.slice(-3).map((entry) => [entry.state, entry.period, entry.note])).toEqual([
      ["delivered", 1, "Late but here"],
      ["complete", 1, null],
      ["submitted", 2, "Renewed: period 2 opened"],
    ]);
    expect(reopened.brief).toMatchObject({ carriedOver: true, confirmedAt: null });

    // Editing the carried-over brief confirms it for the period too.
    const questions = reopened.brief?.questions ?? [];
    const edited = await call(customer, "PUT", `/api/order/${orderId}/brief`, {
      answers: Object.fromEntries(
        questions.map((question) => [question._id, question.kind === "url" ? "example.org" : "New goals"]),
      ),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(OrderDetail.parse(edited.json()).brief).toMatchObject({ confirmedAt: expect.any(String) });
  });

  it("refuses to confirm a brief that was never given, or once the work started", async () => {
    const { customer, orderId } = await paidCustomerOf(ctx, "Nora Nobrief", plans.standardMonthly._id);
    const none = await call(customer, "POST", `/api/order/${orderId}/brief/confirm`);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(workflowMessages.noBriefToConfirm);
    await answerBrief(customer, orderId);
    expect((await move(orderId, { state: "in_progress" })).statusCode).toBe(200);
    const late = await call(customer, "POST", `/api/order/${orderId}/brief/confirm`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(workflowMessages.briefClosed);
    const stranger = await createAccount(ctx);
    expect((await call(stranger, "POST", `/api/order/${orderId}/brief/confirm`)).statusCode).toBe(404);
    expect((await call(customer, "POST", "/api/order/not-an-id/brief/confirm")).statusCode).toBe(404);
  });

  it("gives a cancelled subscription no new period", async () => {
    const { customer, orderId } = await paidCustomerOf(ctx, "Carl Cancel", plans.standardMonthly._id);
    await answerBrief(customer, orderId);
    await deliverAndApprove(customer, orderId, "only.txt");
    const subscription = await mySubscription(ctx, customer, orderId);
    expect((await subscriptionAction(ctx, customer, subscription._id, "cancel")).statusCode).toBe(200);

    const { after } = await renew(customer, orderId);
    expect(after.status).toBe("ended");
    const order = await detail(customer, orderId);
    expect(order.state).toBe("complete");
    expect(order.period?.number).toBe(1);
    expect(order.periods).toHaveLength(1);
    expect(await ctx.db.select().from(orderPeriods).where(eq(orderPeriods.orderId, orderId))).toHaveLength(1);
  });

  it("gives a cancelled order no new period", async () => {
    const { customer, orderId } = await paidCustomerOf(ctx, "Olga Cancelled", plans.standardMonthly._id);
    const before = await mySubscription(ctx, customer, orderId);
    const cancelled = await call(admin, "POST", `/api/admin/orders/${orderId}/cancel`, { note: "No longer" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await runJobsAt(ctx, before.currentPeriodEnd);
    const order = await detail(customer, orderId);
    expect(order.state).toBe("cancelled");
    expect(order.period?.number).toBe(1);
    expect(await ctx.db.select().from(orderPeriods).where(eq(orderPeriods.orderId, orderId))).toHaveLength(1);
  });

  it("runs through the admin's test tool too", async () => {
    const { customer, orderId } = await paidCustomerOf(ctx, "Tess Tools", plans.standardMonthly._id);
    await answerBrief(customer, orderId);
    await deliverAndApprove(customer, orderId, "tools.txt");
    const subscription = await mySubscription(ctx, customer, orderId);
    const days =
      Math.ceil((Date.parse(subscription.currentPeriodEnd) - ctx.clock.now().getTime()) / 86_400_000) + 1;
    const ran = await call(admin, "POST", "/api/admin/test-tools/run-due", { advanceDays: days });
    expect(ran.statusCode, ran.body).toBe(200);
    const order = await detail(customer, orderId);
    expect(order).toMatchObject({ state: "submitted", period: { number: 2 } });
  });
});
