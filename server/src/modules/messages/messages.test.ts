import { MessageList, UnreadCounts, workflowMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { messages } from "../../db/schema.js";
import { messageMailWindowMs } from "./service.js";

let ctx: TestContext;
let admin: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true, name: "Agency Admin" });
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

const call = (account: TestAccount, method: "GET" | "POST", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: account.cookie }, payload });

async function post(account: TestAccount, orderId: string, payload: object) {
  const response = await call(account, "POST", `/api/order/${orderId}/messages`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function thread(account: TestAccount, orderId: string) {
  const response = await call(account, "GET", `/api/order/${orderId}/messages`);
  expect(response.statusCode, response.body).toBe(200);
  return MessageList.parse(response.json()).messages;
}

async function unread(account: TestAccount) {
  return UnreadCounts.parse((await call(account, "GET", "/api/messages/unread")).json());
}

/** Runs the jobs due at the end of the current 10-minute mail window. */
async function runWindow() {
  ctx.clock.advance(messageMailWindowMs);
  await runJobs(ctx);
}

describe("an order's thread", () => {
  it("carries messages both ways, oldest first, as plain text; internal notes stay with the admins", async () => {
    const customer = await createAccount(ctx, { name: "Thread Customer" });
    const orderId = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    await post(customer, orderId, { body: "Hello, <b>here</b> is https://example.com" });
    await post(admin, orderId, { body: "Thanks, we start Monday." });
    await post(admin, orderId, { body: "Customer seems in a hurry", internal: true });

    const seenByCustomer = await thread(customer, orderId);
    expect(seenByCustomer.map((message) => [message.author, message.body])).toEqual([
      [{ name: "Thread Customer", role: "customer" }, "Hello, <b>here</b> is https://example.com"],
      [{ name: "Agency Admin", role: "admin" }, "Thanks, we start Monday."],
    ]);
    expect(JSON.stringify(seenByCustomer)).not.toContain("hurry");
    const seenByAdmin = await thread(admin, orderId);
    expect(seenByAdmin.map((message) => message.internal)).toEqual([false, false, true]);

    const internal = await call(customer, "POST", `/api/order/${orderId}/messages`, {
      body: "x",
      internal: true,
    });
    expect(internal.statusCode).toBe(403);
    expect(internal.json().error.message).toBe(workflowMessages.internalForAdmins);
    const empty = await call(customer, "POST", `/api/order/${orderId}/messages`, { body: "   " });
    expect(empty.statusCode).toBe(400);
    expect(await ctx.db.select().from(messages).where(eq(messages.orderId, orderId))).toHaveLength(3);
  });

  it("keeps one customer out of another's thread", async () => {
    const owner = await createAccount(ctx);
    const stranger = await createAccount(ctx);
    const orderId = await placePaidOrder(ctx, owner, plans.premiumYearly._id);
    await post(owner, orderId, { body: "Private" });
    expect((await call(stranger, "GET", `/api/order/${orderId}/messages`)).statusCode).toBe(404);
    expect((await call(stranger, "POST", `/api/order/${orderId}/messages`, { body: "Hi" })).statusCode).toBe(
      404,
    );
    expect((await call(stranger, "GET", "/api/order/nonsense/messages")).statusCode).toBe(404);
    expect((await unread(stranger)).total).toBe(0);
  });

  it("counts what each side has not read, and reading the thread clears it", async () => {
    const customer = await createAccount(ctx);
    const orderId = await placePaidOrder(ctx, customer, plans.find("Premium", "monthly")._id);
    await post(admin, orderId, { body: "Internal", internal: true });
    await post(customer, orderId, { body: "One" });
    await post(customer, orderId, { body: "Two" });

    expect(await unread(customer)).toEqual({ total: 0, orders: [] });
    const adminCounts = await unread(admin);
    expect(adminCounts.orders.find((entry) => entry.orderId === orderId)?.unread).toBe(2);

    await post(admin, orderId, { body: "Answer" });
    expect(await unread(customer)).toEqual({ total: 1, orders: [{ orderId, unread: 1 }] });
    // Writing marks the thread read for the writer.
    expect((await unread(admin)).orders.find((entry) => entry.orderId === orderId)).toBeUndefined();
    await thread(customer, orderId);
    expect((await unread(customer)).total).toBe(0);
  });
});

describe("mail about new messages", () => {
  it("sends each side one mail per thread and 10 minutes, with what is unread and never an internal note", async () => {
    const customer = await createAccount(ctx, { name: "Mailed Customer" });
    const orderId = await placePaidOrder(ctx, customer, plans.find("Extended", "monthly")._id);
    await runJobs(ctx);
    const { number } = (await call(customer, "GET", `/api/order/${orderId}`)).json();
    // Mails about this thread (other tests' threads mail in the same windows).
    const aboutThread = async () =>
      (await outbox(ctx)).filter(
        (mail) => mail.subject.includes(`message`) && mail.subject.includes(`#${number}`),
      );

    await post(customer, orderId, { body: "First question" });
    await post(customer, orderId, { body: "Second question" });
    // Nothing goes before the window closes.
    await runJobs(ctx);
    expect(await aboutThread()).toEqual([]);
    await runWindow();

    await post(admin, orderId, { body: "Secret pricing note", internal: true });
    await post(admin, orderId, { body: "Our answer" });
    await runWindow();
    const mails = await aboutThread();
    const toCustomer = mails.filter((mail) => mail.to === customer.email);
    const toAdmin = mails.filter((mail) => mail.to === admin.email);
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]?.text).toContain("First question");
    expect(toAdmin[0]?.text).toContain("Second question");
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]?.text).toContain("Our answer");
    for (const mail of mails) expect(mail.text).not.toContain("Secret pricing note");

    // A message read before the window closes is not mailed; an internal note mails nobody.
    await post(admin, orderId, { body: "Read in time" });
    await post(admin, orderId, { body: "Another secret", internal: true });
    await thread(customer, orderId);
    await runWindow();
    expect(await aboutThread()).toHaveLength(2);
  });

  it("honours a customer who turned optional mail off", async () => {
    const customer = await createAccount(ctx);
    const orderId = await placePaidOrder(ctx, customer, plans.find("Standard", "yearly")._id);
    const off = await ctx.app.inject({
      method: "PUT",
      url: "/api/mail/preferences",
      headers: { cookie: customer.cookie },
      payload: { optionalMail: false },
    });
    expect(off.statusCode).toBe(200);
    await post(admin, orderId, { body: "Unmailed answer" });
    await runWindow();
    expect(
      (await outbox(ctx)).filter((mail) => mail.to === customer.email && mail.text.includes("Unmailed")),
    ).toEqual([]);
  });
});
