import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../test/accounts.js";
import { createTestApp, openTestDatabase, type TestContext } from "../../test/helpers.js";
import { placePaidOrder, planIds } from "../../test/orders.js";
import { loadConfig } from "../config.js";
import { loggerOptions } from "./logging.js";

const token = "metrics-token-for-the-tests-0123";
const scrape = { authorization: `Bearer ${token}` };

/** One sample's value from Prometheus text: `name{labels} value`. */
function sample(body: string, name: string, labels: string): number | undefined {
  const line = body.split("\n").find((text) => text.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
}

let ctx: TestContext;
let paidPlanCents: number;
let orderId: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { METRICS_TOKEN: token } });
  const customer = await createAccount(ctx);
  const plan = (await planIds(ctx)).standardMonthly;
  paidPlanCents = Math.round(plan.newPrice * 100);
  orderId = await placePaidOrder(ctx, customer, plan._id);
  // The order page's own read, by id: the metrics must name the route, not the order.
  await ctx.app.inject({
    method: "GET",
    url: `/api/dashboard/payment/${orderId}`,
    headers: { cookie: customer.cookie },
  });
});
afterAll(() => ctx.close());

describe("readiness", () => {
  it("answers 200 when the database and the job queue answer; /api/health stays liveness", async () => {
    const ready = await ctx.app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: "ok", jobQueue: "ok" });
    const health = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(health.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers 503 with the reason while the job queue's table cannot be read", async () => {
    await ctx.db.execute(sql`alter table jobs rename to jobs_away`);
    try {
      const ready = await ctx.app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: "unavailable", database: "ok", jobQueue: "unreachable" });
      expect(ready.json().reason).toMatch(/^job queue: /);
    } finally {
      await ctx.db.execute(sql`alter table jobs_away rename to jobs`);
    }
    expect((await ctx.app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
  });

  it("answers 503 when the database does not answer", async () => {
    const database = await openTestDatabase();
    const other = await createTestApp({ seed: false, database: { ...database, close: async () => {} } });
    try {
      // The database goes away under the running app, as when its server stops.
      await database.close();
      const ready = await other.app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: "unavailable",
        database: "unreachable",
        jobQueue: "unreachable",
      });
      expect(ready.json().reason).toMatch(/^database: /);
    } finally {
      await other.close();
    }
  });
});

describe("metrics", () => {
  it("refuses a scraper without the token, or with another one", async () => {
    const none = await ctx.app.inject({ method: "GET", url: "/api/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.body).not.toContain("http_requests_total");
    const wrong = await ctx.app.inject({
      method: "GET",
      url: "/api/metrics",
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("gives requests per route pattern and status, queue depth, payments and process metrics", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/metrics", headers: scrape });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    const body = response.body;
    expect(sample(body, "http_requests_total", 'method="POST",route="/api/order",status="200"')).toBe(1);
    expect(
      sample(
        body,
        "http_request_duration_seconds_count",
        'method="GET",route="/api/dashboard/payment/:id",status="200"',
      ),
    ).toBe(1);
    expect(body).not.toContain(orderId);
    // The order and the payment each queued a mail job, which no worker has run here.
    expect(sample(body, "agency_jobs", 'status="queued"')).toBeGreaterThanOrEqual(2);
    expect(sample(body, "agency_jobs", 'status="dead"')).toBe(0);
    expect(sample(body, "agency_payments", 'provider="test"')).toBe(1);
    expect(sample(body, "agency_payments_amount_cents", 'provider="test"')).toBe(paidPlanCents);
    expect(body).toContain("process_cpu_user_seconds_total");
    expect(body).toContain("nodejs_eventloop_lag_seconds");
  });

  it("has no route at all without METRICS_TOKEN: 404 like any unknown address", async () => {
    const plain = await createTestApp({ seed: false });
    try {
      const response = await plain.app.inject({ method: "GET", url: "/api/metrics", headers: scrape });
      expect(response.statusCode).toBe(404);
      expect([...plain.app.routeAccess.keys()]).not.toContain("GET /api/metrics");
    } finally {
      await plain.close();
    }
  });
});

describe("logs", () => {
  const development = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "info" });
  const production = loadConfig({ NODE_ENV: "production", ALLOW_TEST_PAYMENTS: "true", LOG_LEVEL: "info" });

  it("are readable lines in development with a terminal, JSON otherwise", () => {
    expect(loggerOptions(development, true)).toMatchObject({ transport: { target: "pino-pretty" } });
    expect(loggerOptions(development, false)).not.toHaveProperty("transport");
    expect(loggerOptions(production, true)).not.toHaveProperty("transport");
  });

  it("are JSON in development when the development dependencies are not installed", () => {
    expect(loggerOptions(development, true, false)).not.toHaveProperty("transport");
    expect(loggerOptions(development, false, false)).toMatchObject({ level: "info" });
  });
});
