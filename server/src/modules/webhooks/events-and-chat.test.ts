import { type WebhookEventType, webhookEventBodies, webhookEventTypes } from "@agency/contract";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { runJobs } from "../../../test/jobs.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { mySubscription } from "../../../test/subscriptions.js";
import { addWebhookEndpoint as addEndpoint, hours } from "../../../test/webhook-endpoints.js";
import { type Receiver, startReceiver } from "../../../test/webhook-receiver.js";

let ctx: TestContext;
let owner: TestAccount;
let customer: TestAccount;
let hooks: Receiver;
let chat: Receiver;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  customer = await createAccount(ctx, { name: "Grace Hopper" });
  hooks = await startReceiver();
  chat = await startReceiver();
  await addEndpoint(ctx, owner, { url: hooks.url, events: [...webhookEventTypes] });
  await addEndpoint(ctx, owner, { kind: "chat", url: chat.url });
});
afterAll(async () => {
  await hooks.close();
  await chat.close();
  await ctx.close();
});

const call = (account: TestAccount, method: "POST" | "PUT", url: string, payload: object = {}) =>
  ctx.app.inject({ method, url, headers: { cookie: account.cookie, origin: ctx.config.publicUrl }, payload });

it("announces messages, cancellations, refunds, renewals and leads with the API's shapes, and tells the chat in words", async () => {
  const plans = await planIds(ctx);
  const orderId = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
  await call(customer, "POST", `/api/order/${orderId}/messages`, { body: "Here is our logo." });
  await call(owner, "POST", `/api/order/${orderId}/messages`, {
    body: "A note for the team",
    internal: true,
  });
  const subscription = await mySubscription(ctx, customer, orderId);
  // A month on, the plan renews.
  ctx.clock.advance(new Date(subscription.currentPeriodEnd).getTime() - ctx.clock.now().getTime() + 1000);
  await runJobs(ctx);
  await call(customer, "POST", `/api/subscriptions/${subscription._id}/cancel`, { reason: "Budget" });
  const refunded = await placePaidOrder(ctx, customer, plans.premiumYearly._id);
  expect(
    (await call(owner, "POST", `/api/admin/orders/${refunded}/cancel`, { refund: true })).statusCode,
  ).toBe(200);
  await ctx.app.inject({
    method: "POST",
    url: "/api/leads/contact",
    payload: { name: "Ada", email: "ada@example.com", message: "Can you help with our launch?" },
  });
  // The team gives the first order a due date that then passes with the work unfinished.
  await call(owner, "PUT", `/api/admin/orders/${orderId}/due`, {
    dueAt: new Date(ctx.clock.now().getTime() + hours(1)).toISOString(),
  });
  ctx.clock.advance(hours(2));
  await runJobs(ctx);

  const events = hooks.events();
  for (const event of events) webhookEventBodies[event.type as WebhookEventType].parse(event);
  const types = events.map((event) => event.type);
  for (const type of [
    "order.created",
    "order.paid",
    "order.state_changed",
    "message.posted",
    "subscription.renewed",
    "subscription.cancelled",
    "refund.issued",
    "lead.received",
  ])
    expect(types).toContain(type);
  // Internal notes stay with the team.
  const messages = events.filter((event) => event.type === "message.posted");
  expect(messages.map((event) => [event.data.body, event.data.orderId])).toEqual([
    ["Here is our logo.", orderId],
  ]);
  const refund = events.find((event) => event.type === "refund.issued");
  expect(refund?.data).toMatchObject({ orderId: refunded, currentPrice: expect.any(Number) });
  expect(Number(refund?.data.currentPrice)).toBeLessThan(0);

  // The chat gets readable notices, each a Slack-style `{ "text": ... }`.
  const texts = chat.requests.map((request) => {
    const body = JSON.parse(request.body) as { text: string };
    expect(Object.keys(body)).toEqual(["text"]);
    expect(request.headers["content-type"]).toBe("application/json");
    return body.text;
  });
  const expected = [
    /^New order #\d+: Standard \(monthly\), \$[\d.]+, by Grace Hopper <.+>\n.+\/dashboard\/admin\/orders\//,
    /^Payment received for order #\d+/,
    /^Plan renewed on order #\d+: Standard \(monthly\) for Grace Hopper, paid until /,
    /^Cancellation on order #\d+: Standard \(monthly\) for Grace Hopper ends on /,
    /^Message from Ada <ada@example.com>\n> Can you help with our launch\?/,
    /^Order #\d+ is overdue \(due .+\): Standard \(monthly\) for Grace Hopper/,
  ];
  for (const pattern of expected)
    expect(
      texts.some((text) => pattern.test(text)),
      String(pattern),
    ).toBe(true);
  // Messages, state changes and refunds are for webhooks, not the owner's chat.
  expect(texts.some((text) => text.includes("logo"))).toBe(false);
});
