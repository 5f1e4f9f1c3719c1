import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { addAddon } from "../../../test/addons.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { payWithTestCard, placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";
import { addWebhookEndpoint as addEndpoint } from "../../../test/webhook-endpoints.js";
import { type Receiver, startReceiver } from "../../../test/webhook-receiver.js";

let ctx: TestContext;
let owner: TestAccount;
let chat: Receiver;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  chat = await startReceiver();
  await addEndpoint(ctx, owner, { kind: "chat", url: chat.url });
});
afterAll(async () => {
  await chat.close();
  await ctx.close();
});

beforeAll(async () => {
  const response = await ctx.app.inject({
    method: "PUT",
    url: "/api/admin/site/currency",
    headers: { cookie: owner.cookie },
    payload: { currency: "eur", locale: "de-DE" },
  });
  expect(response.statusCode, response.body).toBe(200);
});

it("writes the amounts of chat notices in the shop's money locale", async () => {
  const customer = await createAccount(ctx, { name: "Grace Hopper" });
  const plans = await planIds(ctx);
  await placePaidOrder(ctx, customer, plans.standardMonthly._id);
  await runJobs(ctx);

  const texts = chat.requests.map((request) => (JSON.parse(request.body) as { text: string }).text);
  const created = texts.find((text) => text.startsWith("New order"));
  // "49,00 €" as de-DE writes euros, not "€49.00".
  expect(created).toMatch(/, \d+,\d{2}\u00a0€, by Grace Hopper/);
  expect(texts.find((text) => text.startsWith("Payment received"))).toMatch(/: \d+,\d{2}\u00a0€ for /);
});

it("writes each line of a payment's mail in the shop's money locale", async () => {
  const customer = await createAccount(ctx, { name: "Ada Lovelace" });
  const plans = await planIds(ctx);
  const addon = await addAddon(ctx, owner, plans.premiumYearly._id, {
    name: "Launch party",
    price: 1234.5,
    recurring: false,
  });
  const placed = await placeOrder(ctx, customer, plans.premiumYearly._id, { addonIds: [addon._id] });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = (placed.json() as { insertedId: string }).insertedId;
  expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
  await runJobs(ctx);

  const mail = (await outbox(ctx)).find(
    (each) => each.to === customer.email && each.subject.startsWith("Your receipt"),
  );
  expect(mail?.text).toContain("1.234,50\u00a0€");
  expect(mail?.text).not.toContain("€1,234.50");
});
