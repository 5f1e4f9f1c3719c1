import { webhookEventBodies, webhookEventTypes, webhookMessages } from "@agency/contract";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { outbox, runJobs } from "../../../test/jobs.js";
import { placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";
import {
  addWebhookEndpoint as addEndpoint,
  deliveriesOf,
  endpointsOf,
  hours,
  minutes,
} from "../../../test/webhook-endpoints.js";
import { type Receiver, startReceiver } from "../../../test/webhook-receiver.js";
import { withCompaniesOfOrders } from "../companies/index.js";
import { ordersByIds, readOrderLines } from "../orders/index.js";

let ctx: TestContext;
let owner: TestAccount;
let customer: TestAccount;
let receiver: Receiver;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { WEBHOOK_TIMEOUT_MS: "300", METRICS_TOKEN: metricsToken } });
  owner = await createAccount(ctx, { role: "owner" });
  customer = await createAccount(ctx);
  plans = await planIds(ctx);
});
afterAll(() => ctx.close());

beforeEach(async () => {
  // Each test has the shop to itself: earlier endpoints go, and their deliveries with them.
  for (const endpoint of await endpointsOf(ctx, owner)) {
    await ctx.app.inject({
      method: "DELETE",
      url: `/api/admin/webhooks/${endpoint._id}`,
      headers: { cookie: owner.cookie },
    });
  }
  await runJobs(ctx);
  receiver = await startReceiver();
  return () => receiver.close();
});

const asOwner = () => ({ cookie: owner.cookie });
const metricsToken = "metrics-token-for-the-webhook-tests";

/** The deliveries pending, as a Prometheus scraper reads them. */
async function pendingMetric(): Promise<number> {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/metrics",
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  const line = response.body.split("\n").find((row) => row.startsWith("agency_webhook_deliveries_pending "));
  return Number(line?.split(" ")[1]);
}

describe("webhook endpoints", () => {
  it("shows the signing secret once, in the Standard Webhooks format, and refuses what cannot work", async () => {
    const created = await addEndpoint(ctx, owner, { url: receiver.url, events: ["order.paid"] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await endpointsOf(ctx, owner);
    expect(listed).toEqual([expect.objectContaining({ _id: created._id, url: receiver.url, enabled: true })]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const refused = async (payload: object) =>
      ctx.app.inject({ method: "POST", url: "/api/admin/webhooks", headers: asOwner(), payload });
    const ftp = await refused({ url: "ftp://example.com/hooks", events: ["order.paid"] });
    expect([ftp.statusCode, ftp.json().error.fields?.url]).toEqual([400, webhookMessages.urlInvalid]);
    const noEvents = await refused({ url: receiver.url, events: [] });
    expect([noEvents.statusCode, noEvents.json().error.fields?.events]).toEqual([
      400,
      webhookMessages.eventsRequired,
    ]);
    const unknown = await refused({ url: receiver.url, events: ["order.vanished"] });
    expect(unknown.statusCode).toBe(400);
    const malformed = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/webhooks/not-an-id/deliveries",
      headers: asOwner(),
    });
    expect(malformed.statusCode).toBe(404);
    expect(await endpointsOf(ctx, owner)).toHaveLength(1);
  });

  it("sends an order's events, signed so that the standardwebhooks verifier accepts them, in the order they happened", async () => {
    const { secret, _id } = await addEndpoint(ctx, owner, {
      url: receiver.url,
      events: [...webhookEventTypes],
    });
    const orderId = await placePaidOrder(ctx, customer, plans.standardMonthly._id);
    await runJobs(ctx);

    const verifier = new Webhook(secret ?? "");
    const events = receiver.requests.map((request) => {
      const verified = verifier.verify(request.body, request.headers as Record<string, string>) as {
        id: string;
        type: (typeof webhookEventTypes)[number];
      };
      expect(request.headers["webhook-id"]).toBe(verified.id);
      // Each body is what the contract publishes for its type.
      webhookEventBodies[verified.type].parse(verified);
      return verified as unknown as {
        type: string;
        data: { _id: string; paid: boolean; state: string | null; company: { id: string } | null };
      };
    });
    // The customer's first order made them a company of one: announced before the order.
    const company = events[1]?.data.company;
    expect(company).toBeTruthy();
    expect(events.map((event) => [event.type, event.data._id ?? (event.data as { id?: string }).id])).toEqual(
      [
        ["company.created", company?.id],
        ["order.created", orderId],
        ["order.paid", orderId],
        ["order.state_changed", orderId],
      ],
    );
    expect(events[1]?.data).toMatchObject({ paid: false, state: null });
    expect(events[2]?.data).toMatchObject({ paid: true, state: null, company });
    expect(events[3]?.data).toMatchObject({ paid: true, state: "submitted", company });

    // A spoiled signature is refused by the same verifier.
    const [first] = receiver.requests;
    expect(() => verifier.verify(`${first?.body} `, first?.headers as Record<string, string>)).toThrow();

    const { deliveries, total } = await deliveriesOf(ctx, owner, _id);
    expect(total).toBe(4);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ status: "delivered", responseStatus: 200, attempts: 1 });
      expect(delivery.durationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it("sends only the events an endpoint wants, and nothing to one turned off", async () => {
    const wanted = await addEndpoint(ctx, owner, { url: receiver.url, events: ["order.created"] });
    const off = await startReceiver();
    try {
      const offEndpoint = await addEndpoint(ctx, owner, { url: off.url, events: ["order.created"] });
      await ctx.app.inject({
        method: "PUT",
        url: `/api/admin/webhooks/${offEndpoint._id}`,
        headers: asOwner(),
        payload: { enabled: false },
      });
      await placePaidOrder(ctx, await createAccount(ctx), plans.premiumYearly._id);
      await runJobs(ctx);
      expect(receiver.events().map((event) => event.type)).toEqual(["order.created"]);
      expect(off.requests).toHaveLength(0);
      expect((await deliveriesOf(ctx, owner, wanted._id)).total).toBe(1);
    } finally {
      await off.close();
    }
  });

  it("sends a new order, with its lines, as the API reads it back", async () => {
    await addEndpoint(ctx, owner, { url: receiver.url, events: ["order.created"] });
    const placed = await placeOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
    const orderId: string = placed.json().insertedId;
    await runJobs(ctx);
    const [created] = receiver.events();
    const [readBack] = await withCompaniesOfOrders(
      ctx.db,
      await readOrderLines(ctx.db, await ordersByIds(ctx.db, [orderId])),
    );
    expect(readBack?.lines).toHaveLength(1);
    expect(readBack?.company).toBeTruthy();
    expect(created?.data).toEqual(JSON.parse(JSON.stringify(readBack)));
  });

  it("sends an event again with the same id when the owner presses Resend", async () => {
    const endpoint = await addEndpoint(ctx, owner, { url: receiver.url, events: ["order.created"] });
    await placeOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
    await runJobs(ctx);
    const [delivered] = (await deliveriesOf(ctx, owner, endpoint._id)).deliveries;
    const resend = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/webhook-deliveries/${delivered?._id}/resend`,
      headers: asOwner(),
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ eventId: delivered?.eventId, status: "pending" });
    await runJobs(ctx);
    expect(receiver.requests.map((request) => request.headers["webhook-id"])).toEqual([
      delivered?.eventId,
      delivered?.eventId,
    ]);
    expect(receiver.requests[1]?.body).toBe(receiver.requests[0]?.body);
    const { deliveries } = await deliveriesOf(ctx, owner, endpoint._id);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(["delivered", "delivered"]);
    expect((await deliveriesOf(ctx, owner, endpoint._id, "?page=1&size=1")).deliveries).toHaveLength(1);
  });
});

describe("the API document", () => {
  it("describes every event's body, from the contract, under webhooks", async () => {
    const document = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      webhooks: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }
      >;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(Object.keys(document.webhooks).sort()).toEqual([...webhookEventTypes].sort());
    for (const type of webhookEventTypes) {
      const ref = document.webhooks[type]?.post.requestBody.content["application/json"]?.schema.$ref ?? "";
      const schema = document.components.schemas[ref.replace("#/components/schemas/", "")];
      expect(Object.keys(schema?.properties ?? {}), type).toEqual(["id", "type", "timestamp", "data"]);
    }
  });
});

describe("retries", () => {
  it("tries again after a 500 and after no answer in time, later each time, until it is delivered", async () => {
    const endpoint = await addEndpoint(ctx, owner, { url: receiver.url, events: ["order.created"] });
    receiver.answer({ status: 500 }, { hang: true });
    await placeOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
    expect(await pendingMetric()).toBe(1);
    await runJobs(ctx);
    expect(await pendingMetric()).toBe(1);
    let [delivery] = (await deliveriesOf(ctx, owner, endpoint._id)).deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500 });
    expect((await endpointsOf(ctx, owner))[0]?.failingSince).not.toBeNull();
    const next = new Date(delivery?.nextAttemptAt ?? 0).getTime() - ctx.clock.now().getTime();
    expect(next).toBeGreaterThan(25_000);
    expect(next).toBeLessThanOrEqual(30_000);

    // Nothing is due before its time.
    await runJobs(ctx);
    expect(receiver.requests).toHaveLength(1);

    ctx.clock.advance(30_001);
    await runJobs(ctx);
    [delivery] = (await deliveriesOf(ctx, owner, endpoint._id)).deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 2, responseStatus: null });
    expect(delivery?.error).toMatch(/No answer within/);

    ctx.clock.advance(minutes(2) + 1);
    await runJobs(ctx);
    [delivery] = (await deliveriesOf(ctx, owner, endpoint._id)).deliveries;
    expect(delivery).toMatchObject({ status: "delivered", attempts: 3, responseStatus: 200, error: null });
    expect(await pendingMetric()).toBe(0);
    // The success ends the endpoint's failures.
    expect((await endpointsOf(ctx, owner))[0]?.failingSince).toBeNull();
    const ids = new Set(receiver.requests.map((request) => request.headers["webhook-id"]));
    expect([receiver.requests.length, ids.size]).toEqual([3, 1]);
  });

  it("holds an order's later events until its earlier one is delivered, while other orders' events go", async () => {
    await addEndpoint(ctx, owner, { url: receiver.url, events: ["order.created", "order.paid"] });
    const first = await createAccount(ctx);
    receiver.answer({ status: 503 });
    const held = await placePaidOrder(ctx, first, plans.standardMonthly._id);
    await runJobs(ctx);
    // The held order's payment waits behind its creation, which failed.
    expect(receiver.events().map((event) => [event.type, event.data._id])).toEqual([["order.created", held]]);

    const other = await placePaidOrder(ctx, await createAccount(ctx), plans.premiumYearly._id);
    await runJobs(ctx);
    expect(
      receiver
        .events()
        .slice(1)
        .map((event) => [event.type, event.data._id]),
    ).toEqual([
      ["order.created", other],
      ["order.paid", other],
    ]);

    ctx.clock.advance(30_001);
    await runJobs(ctx);
    expect(
      receiver
        .events()
        .slice(3)
        .map((event) => [event.type, event.data._id]),
    ).toEqual([
      ["order.created", held],
      ["order.paid", held],
    ]);
  });

  it("gives up after a day, turns off an endpoint that failed all day, and mails the owner", async () => {
    const endpoint = await addEndpoint(ctx, owner, { url: receiver.url, events: ["order.created"] });
    receiver.always({ status: 500 });
    await placeOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
    await runJobs(ctx);
    const before = (await outbox(ctx)).length;
    // 30 s, 2 min, 10 min, 1 h, 3 h, then every 6 h: the last try at the end of the day.
    for (const wait of [30_000, minutes(2), minutes(10), hours(1), hours(3), hours(6), hours(6), hours(6)]) {
      ctx.clock.advance(wait + 1);
      await runJobs(ctx);
    }
    let [delivery] = (await deliveriesOf(ctx, owner, endpoint._id)).deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 9 });
    expect((await endpointsOf(ctx, owner))[0]?.enabled).toBe(true);

    ctx.clock.advance(hours(2));
    await runJobs(ctx);
    [delivery] = (await deliveriesOf(ctx, owner, endpoint._id)).deliveries;
    expect(delivery).toMatchObject({ status: "failed", attempts: 10, responseStatus: 500 });
    const [turnedOff] = await endpointsOf(ctx, owner);
    expect(turnedOff).toMatchObject({
      enabled: false,
      disabledReason: webhookMessages.disabledAfterFailures,
    });
    const mails = (await outbox(ctx)).slice(before);
    expect(mails.map((mail) => [mail.to, mail.subject])).toContainEqual([
      owner.email,
      `Your webhook to 127.0.0.1:${receiver.port} was turned off`,
    ]);

    // Turned on again, it is sent what happens from then on.
    receiver.always({ status: 200 });
    await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/webhooks/${endpoint._id}`,
      headers: asOwner(),
      payload: { enabled: true },
    });
    expect((await endpointsOf(ctx, owner))[0]).toMatchObject({ enabled: true, failingSince: null });
    await placeOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
    await runJobs(ctx);
    expect((await deliveriesOf(ctx, owner, endpoint._id)).deliveries[0]).toMatchObject({
      status: "delivered",
    });
  });
});
