import {
  type WebhookEventBody,
  type WebhookEventType,
  webhookEventBodies,
  webhookEventTypes,
} from "@agency/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { runJobs } from "../../../test/jobs.js";
import { payWithTestCard } from "../../../test/orders.js";
import {
  customerCall,
  dayFromNow,
  invoiceBody,
  quoteBody,
  salesCall,
  salesDetail,
  signed,
  tokenOf,
  writeQuote,
} from "../../../test/sales.js";
import { runJobsAt } from "../../../test/subscriptions.js";
import { addWebhookEndpoint as addEndpoint } from "../../../test/webhook-endpoints.js";
import { type Receiver, startReceiver } from "../../../test/webhook-receiver.js";

/** What the webhooks and the chat are told of quotes and invoices sent, paid for and overdue. */

let ctx: TestContext;
let owner: TestAccount;
let hooks: Receiver;
let chat: Receiver;
let counter = 0;
const newAddress = () => `sales-events-${++counter}-${Date.now()}@example.com`;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
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

/** Every event received (each checked against the contract's body), in order. */
const received = () =>
  hooks.events().map((event) => webhookEventBodies[event.type as WebhookEventType].parse(event));
const ofType = <K extends WebhookEventType>(type: K) =>
  received().filter((event) => event.type === type) as WebhookEventBody<K>[];
const chatTexts = () => chat.requests.map((request) => (JSON.parse(request.body) as { text: string }).text);
const bodies = () => [...hooks.requests, ...chat.requests].map((request) => request.body).join("\n");

describe("a quote or invoice sent", () => {
  it("is announced with its number, customer, total and currency, and no link or token", async () => {
    const email = newAddress();
    const customer = await createAccount(ctx, { email, name: "Ada Client" });
    const quoteId = await writeQuote(ctx, owner, {
      body: quoteBody({ email, name: "Ada Client" }),
      send: true,
    });
    const invoiceId = await writeQuote(ctx, owner, {
      body: invoiceBody({ email: newAddress() }),
      send: true,
    });
    await runJobs(ctx);

    const quote = await salesDetail(ctx, owner, quoteId);
    const invoice = await salesDetail(ctx, owner, invoiceId);
    expect(ofType("quote.sent").map((event) => event.data)).toEqual([
      expect.objectContaining({
        _id: quoteId,
        kind: "quote",
        number: quote.number,
        revision: 1,
        state: "sent",
        email,
        customerId: customer.id,
        total: 1200,
        currency: quote.currency,
        validUntil: quote.validUntil,
      }),
    ]);
    expect(ofType("invoice.sent").map((event) => event.data)).toEqual([
      expect.objectContaining({
        _id: invoiceId,
        kind: "invoice",
        number: invoice.number,
        customerId: null,
        total: 1200,
        dueDate: invoice.dueDate,
      }),
    ]);
    // Neither the webhook nor the chat carries the customer's link or its token.
    for (const id of [quoteId, invoiceId]) {
      const token = await tokenOf(ctx, owner, id);
      expect(bodies()).not.toContain(token);
    }
    expect(bodies()).not.toMatch(/\/(quotes|invoices)\//);
    const link = (id: string) => `${ctx.config.publicUrl}/dashboard/admin/sales/${id}`;
    expect(chatTexts()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^Quote ${quote.label} sent to Ada Client <${email}>: \\$1,200\\.00, valid until .+\\n${link(quoteId)}$`,
          ),
        ),
        expect.stringMatching(
          new RegExp(`^Invoice ${invoice.label} sent to .+: \\$1,200\\.00, due .+\\n${link(invoiceId)}$`),
        ),
      ]),
    );
  });

  it("is announced again for each revision sent", async () => {
    const id = await writeQuote(ctx, owner, { body: invoiceBody({ email: newAddress() }), send: true });
    const revised = await salesCall(ctx, owner, "POST", `/${id}/revise`);
    expect(revised.statusCode, revised.body).toBe(200);
    const revisionId: string = revised.json()._id;
    expect((await salesCall(ctx, owner, "POST", `/${revisionId}/send`)).statusCode).toBe(200);
    await runJobs(ctx);
    expect(ofType("invoice.sent").map((event) => [event.data._id, event.data.revision])).toEqual([
      [id, 1],
      [revisionId, 2],
    ]);
  });
});

describe("the order of a quote or invoice", () => {
  it("is announced as created with its lines when the customer starts paying, then paid with them", async () => {
    const email = newAddress();
    const customer = await createAccount(ctx, { email });
    const id = await writeQuote(ctx, owner, {
      body: quoteBody({
        email,
        lines: [
          { description: "Landing page", quantity: 1, unitPrice: 1200, recurring: null },
          { description: "Blog posts", quantity: 3, unitPrice: 150, recurring: null },
        ],
      }),
      send: true,
    });
    const token = await tokenOf(ctx, owner, id);
    expect((await customerCall(ctx, customer, "POST", `${token}/accept`, signed())).statusCode).toBe(200);
    const pay = await customerCall(ctx, customer, "POST", `${token}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    const { orderId } = pay.json() as { orderId: string };
    // Opening the payment again reuses the order: it is not announced twice.
    expect((await customerCall(ctx, customer, "POST", `${token}/pay`)).json()).toEqual({ orderId });
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
    await runJobs(ctx);

    const lines = [
      {
        kind: "custom",
        description: "Landing page",
        quantity: 1,
        unitPrice: 1200,
        amount: 1200,
        recurring: false,
      },
      {
        kind: "custom",
        description: "Blog posts",
        quantity: 3,
        unitPrice: 150,
        amount: 450,
        recurring: false,
      },
    ];
    const created = ofType("order.created");
    expect(created.map((event) => event.data)).toEqual([
      expect.objectContaining({ _id: orderId, paid: false, currentPrice: 1650, serviceId: null, lines }),
    ]);
    expect(ofType("order.paid").map((event) => event.data)).toEqual([
      expect.objectContaining({ _id: orderId, paid: true, lines }),
    ]);
    const number = created[0]?.data.number;
    expect(chatTexts()).toContainEqual(
      expect.stringMatching(new RegExp(`^New order #${number}: Landing page`)),
    );
  });
});

describe("an invoice past its due day", () => {
  const overdueEvents = () => ofType("invoice.overdue");
  const nextDay = (day: string) => dayFromNow(1, new Date(`${day}T12:00:00Z`));

  it("is announced overdue once, when its due day has passed, however often its jobs run", async () => {
    const email = newAddress();
    const dueDate = dayFromNow(4, ctx.clock.now());
    const id = await writeQuote(ctx, owner, {
      body: invoiceBody({ email, name: "Late Payer", dueDate }),
      send: true,
    });
    // On its due day it is not overdue yet.
    await runJobsAt(ctx, `${dueDate}T23:59:00Z`);
    expect(overdueEvents()).toEqual([]);

    await runJobsAt(ctx, `${nextDay(dueDate)}T00:00:00Z`);
    const invoice = await salesDetail(ctx, owner, id);
    expect(invoice.state).toBe("overdue");
    expect(overdueEvents().map((event) => event.data)).toEqual([
      expect.objectContaining({
        _id: id,
        state: "overdue",
        dueDate,
        total: 1200,
        currency: invoice.currency,
      }),
    ]);
    // The reminder three days after finds it overdue too, and says nothing more.
    await runJobsAt(ctx, `${dayFromNow(3, new Date(`${dueDate}T12:00:00Z`))}T09:00:00Z`);
    await runJobsAt(ctx, `${dayFromNow(5, new Date(`${dueDate}T12:00:00Z`))}T09:00:00Z`);
    expect(overdueEvents()).toHaveLength(1);
    const history = (await salesDetail(ctx, owner, id)).history.map((entry) => entry.kind);
    expect(history.filter((kind) => kind === "overdue")).toHaveLength(1);
    expect(history.filter((kind) => kind === "reminded")).toHaveLength(3);
    expect(chatTexts().filter((text) => text.includes("is overdue"))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Invoice ${invoice.label} is overdue \\(due .+\\): \\$1,200\\.00 from Late Payer <${email}>\\n`,
        ),
      ),
    ]);
  });

  it("is not announced once it is paid or voided before its due day", async () => {
    const email = newAddress();
    const customer = await createAccount(ctx, { email });
    const dueDate = dayFromNow(3, ctx.clock.now());
    const paidId = await writeQuote(ctx, owner, { body: invoiceBody({ email, dueDate }), send: true });
    const voidId = await writeQuote(ctx, owner, {
      body: invoiceBody({ email: newAddress(), dueDate }),
      send: true,
    });
    const { orderId } = (
      await customerCall(ctx, customer, "POST", `${await tokenOf(ctx, owner, paidId)}/pay`)
    ).json();
    expect((await payWithTestCard(ctx, customer, orderId)).statusCode).toBe(200);
    expect((await salesCall(ctx, owner, "POST", `/${voidId}/void`)).statusCode).toBe(200);
    await runJobsAt(ctx, `${nextDay(dueDate)}T06:00:00Z`);
    // (Invoices of the tests before may fall due meanwhile: only these two are looked at.)
    expect(overdueEvents().filter((event) => [paidId, voidId].includes(event.data._id as string))).toEqual(
      [],
    );
    expect((await salesDetail(ctx, owner, voidId)).history.map((entry) => entry.kind)).not.toContain(
      "overdue",
    );
  });
});
