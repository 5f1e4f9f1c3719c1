import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { quiet } from "../../../test/job-database.js";
import { placeOrder, planIds } from "../../../test/orders.js";
import { addWebhookEndpoint as addEndpoint, deliveriesOf } from "../../../test/webhook-endpoints.js";
import { startReceiver } from "../../../test/webhook-receiver.js";
import { createJobRuntime } from "../../job-runtime.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it("loses no event when a worker dies mid-delivery, and repeats only the events it was sending, with their ids", async () => {
  const owner = await createAccount(ctx, { role: "owner" });
  // The worker dies the way a killed process does: its request went out, and nothing after it is
  // written (the database is gone for it).
  let killed = false;
  const receiver = await startReceiver({
    onRequest: () => {
      killed = true;
    },
  });
  const endpoint = await addEndpoint(ctx, owner, { url: receiver.url, events: ["order.created"] });
  const plans = await planIds(ctx);
  for (let index = 0; index < 3; index++)
    await placeOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);

  const dying = new Proxy(ctx.db, {
    get(target, property) {
      if (killed) throw new Error("the process is gone");
      return Reflect.get(target, property, target);
    },
  });
  const lease = { leaseMs: 2000, heartbeatMs: 100 };
  const runtime = (db: typeof ctx.db, shutdownGraceMs: number) =>
    createJobRuntime({
      db,
      config: ctx.config,
      log: quiet as never,
      clock: ctx.clock,
      shutdownGraceMs,
      ...lease,
    });
  const victim = runtime(dying, 10);
  victim.worker.start();
  await expect.poll(() => receiver.requests.length).toBeGreaterThan(0);

  // It finishes what it runs (mails too) before the test's files go.
  const survivor = runtime(ctx.db, 8000);
  survivor.worker.start();
  try {
    await expect
      .poll(
        async () =>
          (await deliveriesOf(ctx, owner, endpoint._id)).deliveries.map((delivery) => delivery.status),
        { timeout: 15_000, interval: 100 },
      )
      .toEqual(["delivered", "delivered", "delivered"]);
  } finally {
    await survivor.stop();
    await victim.stop().catch(() => {});
    await receiver.close();
  }

  const { deliveries } = await deliveriesOf(ctx, owner, endpoint._id);
  const eventIds = deliveries.map((delivery) => delivery.eventId).sort();
  const received = receiver.requests.map((request) => ({
    id: String(request.headers["webhook-id"]),
    body: request.body,
  }));
  // Every event arrived; a repeated one is the same event, with the same id and body.
  expect([...new Set(received.map((request) => request.id))].sort()).toEqual(eventIds);
  for (const request of received) {
    expect(JSON.parse(request.body).id).toBe(request.id);
    expect(request.body).toBe(received.find((first) => first.id === request.id)?.body);
  }
  // The dead worker's attempt was never written down: each delivery counts the one that was.
  expect(deliveries.map((delivery) => delivery.attempts)).toEqual([1, 1, 1]);
});
