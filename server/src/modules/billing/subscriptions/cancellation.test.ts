import { CANCEL_REASON_MAX_LENGTH, OrderDetail, Overview } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, createAccount, type TestAccount } from "../../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../../test/helpers.js";
import { outbox, runJobs } from "../../../../test/jobs.js";
import { placePaidOrder, planIds } from "../../../../test/orders.js";
import { mySubscription } from "../../../../test/subscriptions.js";

let ctx: TestContext;
let owner: TestAccount;
let quietOwner: TestAccount;
let customer: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { admin: true, name: "Olive Owner" });
  quietOwner = await createAccount(ctx, { admin: true, name: "Quinn Quiet" });
  customer = await createAccount(ctx, { name: "Casey Customer" });
  plans = await planIds(ctx);
  // The second owner turned optional mail off on the notifications page.
  const off = await ctx.app.inject({
    method: "PUT",
    url: "/api/mail/preferences",
    headers: authHeaders(ctx, quietOwner.cookie),
    payload: { optionalMail: false },
  });
  expect(off.statusCode, off.body).toBe(200);
});
afterAll(() => ctx.close());

const cancel = (subscriptionId: string, payload?: object) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/subscriptions/${subscriptionId}/cancel`,
    headers: authHeaders(ctx, customer.cookie),
    ...(payload ? { payload } : {}),
  });

async function adminOrder(orderId: string): Promise<OrderDetail> {
  const response = await ctx.app.inject({
    method: "GET",
    url: `/api/admin/orders/${orderId}`,
    headers: { cookie: owner.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return OrderDetail.parse(response.json());
}

async function overview(): Promise<Overview> {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/admin/overview",
    headers: { cookie: owner.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return Overview.parse(response.json());
}

const cancellationMails = async () =>
  (await outbox(ctx)).filter((mail) => /^Plan cancelled/.test(mail.subject));

describe("a customer's cancellation", () => {
  let orderId: string;
  let subscriptionId: string;

  it("keeps the reason the customer gave, trimmed", async () => {
    orderId = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    subscriptionId = (await mySubscription(ctx, customer, orderId))._id;
    const response = await cancel(subscriptionId, { reason: "  Too expensive for us this year.  " });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe("canceled");
    expect(response.json().cancellation).toMatchObject({ reason: "Too expensive for us this year." });
  });

  it("tells the owners who take notices, with the reason, and not the owner who turned them off", async () => {
    await runJobs(ctx);
    const mails = await cancellationMails();
    expect(mails.map((mail) => mail.to)).toEqual([owner.email]);
    expect(mails[0]?.subject).toContain("Standard (monthly)");
    expect(mails[0]?.text).toContain("Casey Customer");
    expect(mails[0]?.text).toContain("Too expensive for us this year.");
    expect(mails[0]?.text).toContain(`/dashboard/admin/orders/${orderId}`);
    expect(mails[0]?.headers?.["List-Unsubscribe"]).toBeTruthy();
    // The customer still gets their own confirmation.
    const customerMails = (await outbox(ctx)).filter((mail) => mail.to === customer.email);
    expect(customerMails.map((mail) => mail.subject)).toContain("Your Standard plan is cancelled");
  });

  it("shows the reason on the owner's order page and in the Overview", async () => {
    const order = await adminOrder(orderId);
    expect(order.subscription?.cancellation?.reason).toBe("Too expensive for us this year.");
    const { recentCancellations } = await overview();
    expect(recentCancellations[0]).toMatchObject({
      orderId,
      customer: "Casey Customer",
      service: "Standard (monthly)",
      reason: "Too expensive for us this year.",
    });
  });

  it("is gone from the order and the Overview once the customer resumes the plan", async () => {
    const resumed = await ctx.app.inject({
      method: "POST",
      url: `/api/subscriptions/${subscriptionId}/resume`,
      headers: authHeaders(ctx, customer.cookie),
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((await adminOrder(orderId)).subscription?.cancellation ?? null).toBeNull();
    expect((await overview()).recentCancellations.map((item) => item.orderId)).not.toContain(orderId);
  });
});

describe("the reason", () => {
  it("is optional: without one the owner reads that none was given", async () => {
    const orderId = await placePaidOrder(ctx, customer, plans.find("Premium", "monthly")._id);
    const { _id } = await mySubscription(ctx, customer, orderId);
    const response = await cancel(_id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().cancellation).toMatchObject({ reason: null });
    await runJobs(ctx);
    const mail = (await cancellationMails()).find((item) =>
      item.text.includes(`/dashboard/admin/orders/${orderId}`),
    );
    expect(mail?.text).toContain("No reason given");
    expect((await overview()).recentCancellations[0]).toMatchObject({ orderId, reason: null });
  });

  it("is refused when longer than the limit, and the plan keeps renewing", async () => {
    const orderId = await placePaidOrder(ctx, customer, plans.find("Standard", "yearly")._id);
    const { _id } = await mySubscription(ctx, customer, orderId);
    const response = await cancel(_id, { reason: "x".repeat(CANCEL_REASON_MAX_LENGTH + 1) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "bad_request",
      fields: { reason: expect.any(String) },
    });
    expect((await mySubscription(ctx, customer, orderId)).status).toBe("active");
    expect((await adminOrder(orderId)).subscription?.cancellation ?? null).toBeNull();
  });

  it("must be text", async () => {
    const orderId = await placePaidOrder(ctx, customer, plans.premiumYearly._id);
    const { _id } = await mySubscription(ctx, customer, orderId);
    expect((await cancel(_id, { reason: 42 })).statusCode).toBe(400);
    expect((await mySubscription(ctx, customer, orderId)).status).toBe("active");
  });
});
