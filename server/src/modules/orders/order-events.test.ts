import {
  type OrderLine,
  type PlanAddon,
  type PricingPlan,
  type WebhookEventType,
  webhookEventBodies,
  webhookEventTypes,
} from "@agency/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { addAddon, cents } from "../../../test/addons.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { runJobs } from "../../../test/jobs.js";
import { payWithTestCard, placeOrder, planIds } from "../../../test/orders.js";
import { addWebhookEndpoint as addEndpoint } from "../../../test/webhook-endpoints.js";
import { type Receiver, startReceiver } from "../../../test/webhook-receiver.js";

/** What an order's webhooks tell of it: its lines, add-ons included, and who works on it. */

let ctx: TestContext;
let owner: TestAccount;
let admin: TestAccount;
let staff: TestAccount;
let plan: PricingPlan;
let rush: PlanAddon;
let report: PlanAddon;
let hooks: Receiver;
let chat: Receiver;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  admin = await createAccount(ctx, { role: "admin", name: "Ada Admin" });
  staff = await createAccount(ctx, { role: "staff", name: "Sam Staff" });
  plan = (await planIds(ctx)).standardMonthly;
  rush = await addAddon(ctx, owner, plan._id, { name: "Rush delivery", price: 50, recurring: false });
  report = await addAddon(ctx, owner, plan._id, { name: "Monthly report", price: 20, recurring: true });
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
beforeEach(() => {
  hooks.requests.length = 0;
  chat.requests.length = 0;
});

/** The events received about one order (each checked against the contract's body), in order. */
function eventsOf(orderId: string) {
  return hooks
    .events()
    .filter((event) => event.data._id === orderId || event.data.orderId === orderId)
    .map((event) => webhookEventBodies[event.type as WebhookEventType].parse(event));
}

const chatTexts = () => chat.requests.map((request) => (JSON.parse(request.body) as { text: string }).text);

const planLine: () => OrderLine = () => ({
  kind: "plan",
  description: `${plan.service} plan (monthly)`,
  quantity: 1,
  unitPrice: plan.newPrice,
  amount: plan.newPrice,
  recurring: true,
});
const addonLine = (addon: PlanAddon): OrderLine => ({
  kind: "addon",
  description: addon.name,
  quantity: 1,
  unitPrice: addon.price,
  amount: addon.price,
  recurring: addon.recurring,
});

async function place(customer: TestAccount, addonIds: string[]): Promise<string> {
  const placed = await placeOrder(ctx, customer, plan._id, { addonIds });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().insertedId;
}

describe("order.created and order.paid", () => {
  it("carry the order's plan line and add-on lines, with their quantities and amounts as stored", async () => {
    const customer = await createAccount(ctx);
    const orderId = await place(customer, [report._id, rush._id]);
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
    await runJobs(ctx);

    const events = eventsOf(orderId);
    expect(events.map((event) => event.type)).toEqual(["order.created", "order.paid", "order.state_changed"]);
    // The plan first, then the add-ons in the plan's order of them (not the order ticked).
    const lines = [planLine(), addonLine(rush), addonLine(report)];
    const [created, paid] = events as {
      data: { lines?: OrderLine[]; currentPrice: number; paid: boolean };
    }[];
    expect(created?.data).toMatchObject({ paid: false, lines });
    expect(paid?.data).toMatchObject({ paid: true, lines });
    const sum = lines.reduce((total, line) => total + cents(line.amount ?? 0), 0);
    expect(cents(paid?.data.currentPrice ?? 0)).toBe(sum);
  });

  it("carry each order's own lines when several are placed at once (a batch is written in one statement)", async () => {
    const customers = await Promise.all([1, 2, 3, 4].map(() => createAccount(ctx)));
    const choices = [[], [rush._id], [report._id], [rush._id, report._id]];
    const ids = await Promise.all(customers.map((customer, index) => place(customer, choices[index] ?? [])));
    await runJobs(ctx);
    const expected = [[], [rush], [report], [rush, report]];
    for (const [index, orderId] of ids.entries()) {
      const [created] = eventsOf(orderId);
      expect(created?.type).toBe("order.created");
      expect(created?.data).toMatchObject({
        lines: [planLine(), ...(expected[index] ?? []).map(addonLine)],
      });
    }
  });
});

describe("order.assigned", () => {
  const assign = (account: TestAccount, orderId: string, assigneeId: string | null) =>
    ctx.app.inject({
      method: "PUT",
      url: `/api/admin/orders/${orderId}/assignee`,
      headers: { cookie: account.cookie },
      payload: { assigneeId },
    });

  it("tells who the order went to and who gave it, then that it was taken back, and tells the chat", async () => {
    const customer = await createAccount(ctx, { name: "Grace Hopper" });
    const orderId = await place(customer, []);
    const number = (
      await ctx.app.inject({
        method: "GET",
        url: `/api/order/${orderId}`,
        headers: { cookie: customer.cookie },
      })
    ).json().number;
    expect((await assign(admin, orderId, staff.id)).statusCode).toBe(200);
    // The same member again changes nothing, and says nothing.
    expect((await assign(admin, orderId, staff.id)).statusCode).toBe(200);
    // Someone who cannot work on orders is refused, and nothing is announced.
    expect((await assign(admin, orderId, customer.id)).statusCode).toBe(400);
    expect((await assign(owner, orderId, null)).statusCode).toBe(200);
    await runJobs(ctx);

    const assigned = eventsOf(orderId).filter((event) => event.type === "order.assigned");
    expect(assigned.map((event) => event.data)).toEqual([
      {
        orderId,
        number,
        assignee: { id: staff.id, name: "Sam Staff" },
        assignedBy: { id: admin.id, name: "Ada Admin" },
      },
      { orderId, number, assignee: null, assignedBy: { id: owner.id, name: owner.name } },
    ]);
    const texts = chatTexts().filter((text) => text.startsWith(`Order #${number} `));
    expect(texts).toEqual([
      `Order #${number} assigned to Sam Staff by Ada Admin: Standard (monthly) for Grace Hopper\n${ctx.config.publicUrl}/dashboard/admin/orders/${orderId}`,
      `Order #${number} unassigned by ${owner.name}: Standard (monthly) for Grace Hopper\n${ctx.config.publicUrl}/dashboard/admin/orders/${orderId}`,
    ]);
  });
});
