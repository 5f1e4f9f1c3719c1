import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { quiet } from "../../../test/job-database.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { addWebhookEndpoint as addEndpoint, deliveriesOf } from "../../../test/webhook-endpoints.js";
import { startReceiver } from "../../../test/webhook-receiver.js";
import { createJobRuntime } from "../../job-runtime.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it("shares the deliveries between two instances: each event once, and each order's events in order", async () => {
  const owner = await createAccount(ctx, { role: "owner" });
  // Answers take a while, each its own time: a later event sent before the answer to an earlier
  // one would arrive before that answer went out.
  const receiver = await startReceiver();
  const delayOf = (index: number) => 10 + ((index * 7) % 23);
  for (let index = 0; index < 200; index++) receiver.answer({ delayMs: delayOf(index) });
  const endpoint = await addEndpoint(ctx, owner, {
    url: receiver.url,
    events: ["order.created", "order.paid", "order.state_changed"],
  });
  const plans = await planIds(ctx);
  const orderIds: string[] = [];
  for (let index = 0; index < 12; index++)
    orderIds.push(await placePaidOrder(ctx, await createAccount(ctx), plans.standardMonthly._id));

  const instances = [0, 1].map(() =>
    createJobRuntime({ db: ctx.db, config: ctx.config, log: quiet as never, clock: ctx.clock }),
  );
  for (const instance of instances) instance.worker.start();
  try {
    await expect
      .poll(async () => (await deliveriesOf(ctx, owner, endpoint._id, "?size=100")).deliveries, {
        timeout: 20_000,
        interval: 100,
      })
      .toSatisfy(
        (deliveries: { status: string }[]) =>
          deliveries.length === 36 && deliveries.every((delivery) => delivery.status === "delivered"),
      );
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await receiver.close();
  }

  const events = receiver.events().map((event, index) => ({
    ...event,
    arrived: receiver.requests[index]?.at ?? 0,
    answered: (receiver.requests[index]?.at ?? 0) + delayOf(index),
  }));
  expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  expect(events).toHaveLength(36);
  for (const orderId of orderIds) {
    const ofOrder = events.filter((event) => event.data._id === orderId);
    expect(ofOrder.map((event) => event.type)).toEqual([
      "order.created",
      "order.paid",
      "order.state_changed",
    ]);
    // Each was sent only once the one before it had its answer.
    for (let index = 1; index < ofOrder.length; index++)
      expect(ofOrder[index]?.arrived).toBeGreaterThanOrEqual(ofOrder[index - 1]?.answered ?? Infinity);
  }
});
