import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client.js";
import { firstRowOf } from "../db/rows.js";
import { jobs, payments, webhookDeliveries, webhookEvents } from "../db/schema.js";

const jobStatuses = ["queued", "running", "done", "dead"] as const;

/** The route's pattern (`/api/order/:id`), never the address asked for, so ids do not become labels. */
function routeLabel(pattern: string | undefined): string {
  return pattern ?? "unmatched";
}

/**
 * Prometheus metrics at GET /api/metrics for a scraper holding METRICS_TOKEN (as a bearer token):
 * requests and their latency per route pattern and status, the job queue's depth per status, the
 * webhook deliveries pending, the
 * payments recorded (count and sum per provider, read from the database so every instance reports
 * the shop's totals) and Node's default process metrics. Without a token nothing is registered and
 * the address answers 404 like any unknown one.
 */
export function registerMetrics(app: FastifyInstance, options: { db: Database; token: string | undefined }) {
  if (!options.token) return;
  const { db } = options;
  const register = new Registry();
  collectDefaultMetrics({ register });

  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code.",
    labelNames,
    registers: [register],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer HTTP requests, by method, route pattern and status code.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  new Gauge({
    name: "agency_jobs",
    help: "Background jobs in the queue's table, by status (queued, running, done, dead).",
    labelNames: ["status"],
    registers: [register],
    async collect() {
      const rows = await db
        .select({ status: jobs.status, count: sql<number>`count(*)`.mapWith(Number) })
        .from(jobs)
        .groupBy(jobs.status);
      for (const status of jobStatuses) {
        this.set({ status }, rows.find((row) => row.status === status)?.count ?? 0);
      }
    },
  });
  new Gauge({
    name: "agency_webhook_deliveries_pending",
    help: "Webhook and chat deliveries not yet delivered nor given up: due, in flight or waiting to be retried.",
    registers: [register],
    async collect() {
      // Events not yet turned into deliveries count once per endpoint they go to.
      const row = await firstRowOf<{ pending: string | number }>(
        db,
        sql`select
        (select count(*) from ${webhookDeliveries} where status = 'pending')
        + (select coalesce(sum(cardinality(fan_out)), 0) from ${webhookEvents} where fan_out is not null)
        as pending`,
      );
      this.set(Number(row?.pending ?? 0));
    },
  });
  // One query serves both payment gauges; each scrape reads it once.
  let paymentTotals: Promise<{ provider: string; count: number; cents: number }[]> | undefined;
  const readPayments = () => {
    paymentTotals ??= db
      .select({
        provider: payments.provider,
        count: sql<number>`count(*)`.mapWith(Number),
        cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number),
      })
      .from(payments)
      .groupBy(payments.provider)
      .finally(() => {
        setImmediate(() => {
          paymentTotals = undefined;
        });
      });
    return paymentTotals;
  };
  new Gauge({
    name: "agency_payments",
    help: "Payments recorded (refunds included), by provider.",
    labelNames: ["provider"],
    registers: [register],
    async collect() {
      this.reset();
      for (const row of await readPayments()) this.set({ provider: row.provider }, row.count);
    },
  });
  new Gauge({
    name: "agency_payments_amount_cents",
    help: "Sum of the payments recorded, in cents (refunds count negative), by provider.",
    labelNames: ["provider"],
    registers: [register],
    async collect() {
      this.reset();
      for (const row of await readPayments()) this.set({ provider: row.provider }, row.cents);
    },
  });

  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: routeLabel(request.routeOptions.url),
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(
    "/api/metrics",
    {
      config: { access: "operator" },
      schema: { hide: true },
    },
    async (_request, reply) => {
      const body = await register.metrics();
      return reply.type(register.contentType).send(body);
    },
  );
}
