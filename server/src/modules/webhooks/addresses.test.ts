import { webhookMessages } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { quiet } from "../../../test/job-database.js";
import { runJobs } from "../../../test/jobs.js";
import { placeOrder, planIds } from "../../../test/orders.js";
import { addWebhookEndpoint as addEndpoint, deliveriesOf } from "../../../test/webhook-endpoints.js";
import { startReceiver } from "../../../test/webhook-receiver.js";
import { loadConfig } from "../../config.js";
import { webhookEndpoints } from "../../db/schema.js";
import { type AddressRules, type Resolver, refusalOf, systemResolver } from "./addresses.js";
import { createDeliveryWorker } from "./delivery-worker.js";

const publicAddress = { address: "93.184.216.34", family: 4 };
/** A resolver that knows a few names, as a DNS server would answer them. */
const names =
  (table: Record<string, { address: string; family: number }[]>): Resolver =>
  async (host) => {
    const found = table[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found;
  };
const production = (resolve: Resolver = systemResolver): AddressRules => ({ allowPrivate: false, resolve });

describe("addresses the shop calls", () => {
  it.each([
    "http://127.0.0.1:3000/hooks",
    "http://127.1/hooks",
    "http://127.1./hooks",
    "http://0x7f.1/hooks",
    "http://2130706433/hooks",
    "http://017700000001/hooks",
    "http://0/hooks",
    "http://[::1]/hooks",
    "http://[::]/hooks",
    "http://[::ffff:127.0.0.1]/hooks",
    "http://[::ffff:7f00:1]/hooks",
    "http://[::ffff:169.254.169.254]/latest/meta-data",
    "http://10.0.0.7/hooks",
    "http://172.20.1.1/hooks",
    "http://192.168.1.1/hooks",
    "http://169.254.169.254/latest/meta-data",
    "http://0xa9fea9fe/latest/meta-data",
    "http://[fe80::1]/hooks",
    "http://[fd00::1]/hooks",
    "http://[::ffff:192.168.0.1]/hooks",
    "http://0.0.0.0/hooks",
    "http://[2002:a9fe:a9fe::]/latest/meta-data",
    "http://[2002:7f00:1::1]/hooks",
    "http://[64:ff9b::a9fe:a9fe]/latest/meta-data",
    "http://[64:ff9b::127.0.0.1]/hooks",
    "http://[64:ff9b:1::a00:7]/hooks",
    "http://[2001::1]/hooks",
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hooks",
    "https://user:pass@127.0.0.1:8443/hooks",
  ])("refuses %s", async (url) => {
    expect(await refusalOf(url, production())).toBe(webhookMessages.urlPrivate);
  });

  it.each([
    "https://93.184.216.34/hooks",
    "https://[2606:4700:4700::1111]/hooks",
    "https://[::ffff:93.184.216.34]/hooks",
  ])("takes the public address %s", async (url) => {
    expect(await refusalOf(url, production())).toBeNull();
  });

  it("refuses a host name that resolves to this machine, or to any private address among others", async () => {
    expect(await refusalOf("http://localhost:3000/hooks", production())).toBe(webhookMessages.urlPrivate);
    const resolve = names({
      "hooks.example.com": [publicAddress],
      "mixed.example.com": [publicAddress, { address: "127.0.0.1", family: 4 }],
    });
    expect(await refusalOf("https://hooks.example.com/in", production(resolve))).toBeNull();
    expect(await refusalOf("https://mixed.example.com/in", production(resolve))).toBe(
      webhookMessages.urlPrivate,
    );
    expect(await refusalOf("https://nowhere.example.com/in", production(resolve))).toBe(
      webhookMessages.urlUnresolvable,
    );
  });

  it("refuses a name that resolves to a wrapped or translated private address", async () => {
    const resolve = names({
      "six-to-four.example.com": [{ address: "2002:a9fe:a9fe::1", family: 6 }],
      "nat64.example.com": [{ address: "64:ff9b::a00:1", family: 6 }],
      "teredo.example.com": [{ address: "2001:0:4136:e378:8000:63bf:3fff:fdd2", family: 6 }],
    });
    for (const host of ["six-to-four", "nat64", "teredo"]) {
      expect(await refusalOf(`https://${host}.example.com/in`, production(resolve)), host).toBe(
        webhookMessages.urlPrivate,
      );
    }
  });

  it("takes a local address when WEBHOOK_ALLOW_PRIVATE_TARGETS is set, so a receiver on this machine works", async () => {
    expect(
      await refusalOf("http://127.0.0.1:3000/hooks", { allowPrivate: true, resolve: systemResolver }),
    ).toBeNull();
  });
});

describe("WEBHOOK_ALLOW_PRIVATE_TARGETS", () => {
  it("is off unless set, in development (as `npm start` runs) as in production", () => {
    for (const NODE_ENV of ["development", "test", "production"]) {
      const env = { NODE_ENV, ALLOW_TEST_PAYMENTS: "true" };
      expect(loadConfig(env).webhooks.allowPrivateAddresses, NODE_ENV).toBe(false);
      expect(
        loadConfig({ ...env, WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" }).webhooks.allowPrivateAddresses,
      ).toBe(true);
    }
  });
});

describe.each([
  ["development", { NODE_ENV: "development" }],
  ["production", { NODE_ENV: "production", ALLOW_TEST_PAYMENTS: "true" }],
])("in %s mode with private targets not allowed", (_mode, env) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { ...env, WEBHOOK_ALLOW_PRIVATE_TARGETS: "false" } });
  });
  afterAll(() => ctx.close());

  it("refuses to save a private address in any spelling, or a name that resolves to one", async () => {
    const owner = await createAccount(ctx, { role: "owner" });
    for (const url of [
      "http://127.0.0.1:4000/hooks",
      "http://127.1:4000/hooks",
      "http://0x7f.1:4000/hooks",
      "http://2130706433:4000/hooks",
      "http://[::ffff:127.0.0.1]:4000/hooks",
      "http://[2002:a9fe:a9fe::]/latest/meta-data",
      "http://localhost:4000/hooks",
    ]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/admin/webhooks",
        headers: { cookie: owner.cookie },
        payload: { url, events: ["order.created"] },
      });
      expect([response.statusCode, response.json().error.fields], url).toEqual([
        400,
        { url: webhookMessages.urlPrivate },
      ]);
    }
    const chat = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/webhooks",
      headers: { cookie: owner.cookie },
      payload: { kind: "chat", url: "http://[::1]/chat" },
    });
    expect(chat.statusCode).toBe(400);
  });

  it("does not call a private address saved before, and says why instead of a status and a time", async () => {
    const owner = await createAccount(ctx, { role: "owner" });
    const receiver = await startReceiver();
    try {
      const [endpoint] = await ctx.db
        .insert(webhookEndpoints)
        .values({
          kind: "webhook",
          url: receiver.url,
          events: ["order.created"],
          secret: `whsec_${Buffer.from("k".repeat(32)).toString("base64")}`,
        })
        .returning();
      const plans = await planIds(ctx);
      await placeOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
      await runJobs(ctx);
      expect(receiver.requests).toHaveLength(0);
      const [delivery] = (await deliveriesOf(ctx, owner, endpoint?.id ?? "")).deliveries;
      expect(delivery).toMatchObject({
        attempts: 1,
        responseStatus: null,
        error: webhookMessages.urlPrivate,
      });
    } finally {
      await receiver.close();
    }
  });
});

describe("at delivery time", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("checks the address again after resolving it, so a name that now points inside is not called", async () => {
    const owner = await createAccount(ctx, { role: "owner" });
    const receiver = await startReceiver();
    try {
      // Saved while it answered with a public address; now it answers with this machine's.
      const endpoint = await addEndpoint(ctx, owner, { url: receiver.url, events: ["order.created"] });
      const rebound = `http://rebound.example.com:${receiver.port}/hooks`;
      await ctx.db.update(webhookEndpoints).set({ url: rebound });
      const rules = production(names({ "rebound.example.com": [{ address: "127.0.0.1", family: 4 }] }));
      const plans = await planIds(ctx);
      await placeOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
      const deliveries = createDeliveryWorker({
        ctx: { db: ctx.db, clock: ctx.clock, rules, timeoutMs: 1000, publicUrl: "" },
        log: quiet,
        concurrency: 4,
      });
      expect(await deliveries.drain()).toBe(1);
      expect(receiver.requests).toHaveLength(0);
      const [delivery] = (await deliveriesOf(ctx, owner, endpoint._id)).deliveries;
      expect(delivery).toMatchObject({ status: "pending", attempts: 1, error: webhookMessages.urlPrivate });
    } finally {
      await receiver.close();
    }
  });
});
