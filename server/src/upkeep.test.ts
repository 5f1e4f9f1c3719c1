import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../test/accounts.js";
import { createTestApp, type TestContext } from "../test/helpers.js";
import { runJobs } from "../test/jobs.js";
import { placePaidOrder, planIds } from "../test/orders.js";
import { firstRowOf, rowsOf } from "./db/rows.js";
import {
  auditLog,
  jobs,
  orderEvents,
  orders,
  payments,
  receipts,
  session,
  teamInvitations,
  verification,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "./db/schema.js";
import { pruneOldRows, scheduleUpkeep, upkeepHandlers } from "./upkeep.js";

// The daily upkeep removes what nothing needs any more, and on the embedded database vacuums the
// churning tables while requests go on being answered.

let ctx: TestContext;
let customer: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await createAccount(ctx, { name: "Cora Customer" });
});
afterAll(() => ctx.close());

const dayMs = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs);
const rows = async (table: Parameters<TestContext["db"]["$count"]>[0], where?: ReturnType<typeof eq>) =>
  ctx.db.$count(table, where);

/** An event, with a delivery per entry of `deliveries` (its status and when it was delivered). */
async function webhookEvent(
  id: string,
  createdAt: Date,
  endpointIds: string[],
  deliveries: { status: "pending" | "delivered" | "failed"; deliveredAt?: Date }[],
) {
  await ctx.db
    .insert(webhookEvents)
    .values({ id, type: "order.paid", objectKey: `order:${id}`, body: "{}", createdAt });
  for (const [index, delivery] of deliveries.entries()) {
    await ctx.db.insert(webhookDeliveries).values({
      endpointId: endpointIds[index] ?? "",
      eventId: id,
      objectKey: `order:${id}`,
      status: delivery.status,
      deliveredAt: delivery.deliveredAt,
      createdAt,
    });
  }
}

describe("the daily removal of old rows", () => {
  it("removes delivered webhooks, finished jobs and expired sign-ins in batches, and keeps what history needs", async () => {
    const orderId = await placePaidOrder(ctx, customer, (await planIds(ctx)).standardMonthly._id);
    await runJobs(ctx);
    const kept = async () => ({
      orders: await rows(orders),
      payments: await rows(payments),
      receipts: await rows(receipts),
      audit: await rows(auditLog),
      events: await rows(orderEvents),
    });
    const before = await kept();
    expect(before.receipts).toBeGreaterThan(0);

    const endpoints = await ctx.db
      .insert(webhookEndpoints)
      .values([
        { kind: "webhook", url: "http://127.0.0.1:9/a" },
        { kind: "webhook", url: "http://127.0.0.1:9/b" },
      ])
      .returning({ id: webhookEndpoints.id });
    const [a, b] = endpoints.map((endpoint) => endpoint.id) as [string, string];
    await webhookEvent(
      "evt_old_delivered",
      daysAgo(40),
      [a, b],
      [
        { status: "delivered", deliveredAt: daysAgo(40) },
        { status: "delivered", deliveredAt: daysAgo(39) },
      ],
    );
    await webhookEvent(
      "evt_old_one_failed",
      daysAgo(40),
      [a, b],
      [{ status: "delivered", deliveredAt: daysAgo(40) }, { status: "failed" }],
    );
    await webhookEvent("evt_old_pending", daysAgo(40), [a], [{ status: "pending" }]);
    await webhookEvent("evt_old_to_nobody", daysAgo(40), [], []);
    await webhookEvent("evt_recent", daysAgo(2), [a], [{ status: "delivered", deliveredAt: daysAgo(2) }]);

    // More finished jobs than one statement removes, beside a recent one, a dead one and a renewal
    // queued long ago for later.
    await ctx.db.execute(sql`
      insert into jobs (kind, payload, status, finished_at, created_at)
      select 'mail.send', '{}'::jsonb, 'done', now() - interval '40 days', now() - interval '40 days'
      from generate_series(1, 2500)`);
    const [dead, queued] = await ctx.db
      .insert(jobs)
      .values([
        { kind: "mail.send", payload: {}, status: "dead", finishedAt: daysAgo(40), createdAt: daysAgo(40) },
        {
          kind: "mail.send",
          payload: {},
          status: "queued",
          runAt: new Date(Date.now() + dayMs),
          createdAt: daysAgo(40),
        },
      ])
      .returning({ id: jobs.id });

    await ctx.db.insert(session).values({
      id: "expired-session",
      token: "expired-session-token",
      userId: customer.id,
      expiresAt: daysAgo(8),
    });
    await ctx.db.insert(verification).values([
      { id: "old-token", identifier: "reset-password:old", value: customer.id, expiresAt: daysAgo(8) },
      {
        id: "live-token",
        identifier: "reset-password:live",
        value: customer.id,
        expiresAt: new Date(Date.now() + dayMs),
      },
    ]);
    await ctx.db.insert(teamInvitations).values([
      {
        email: "used@agency.test",
        role: "staff",
        tokenHash: "used-hash",
        invitedByName: "Olive Owner",
        expiresAt: daysAgo(5),
        acceptedAt: daysAgo(10),
      },
      {
        email: "waiting@agency.test",
        role: "staff",
        tokenHash: "waiting-hash",
        invitedByName: "Olive Owner",
        expiresAt: daysAgo(10),
      },
    ]);

    const pruned = await pruneOldRows(ctx.db, new Date(), ctx.config.retention);

    expect(pruned).toMatchObject({
      jobs: 2500,
      webhookEvents: 2,
      webhookDeliveries: 1,
      sessions: 1,
      tokens: 1,
      invitations: 1,
    });
    const eventIds = (await ctx.db.select({ id: webhookEvents.id }).from(webhookEvents)).map((row) => row.id);
    expect(eventIds.sort()).toEqual(["evt_old_one_failed", "evt_old_pending", "evt_recent"]);
    const left = await ctx.db
      .select({ event: webhookDeliveries.eventId, status: webhookDeliveries.status })
      .from(webhookDeliveries);
    expect(left.map((row) => `${row.event}:${row.status}`).sort()).toEqual([
      "evt_old_one_failed:failed",
      "evt_old_pending:pending",
      "evt_recent:delivered",
    ]);
    expect(await rows(jobs, eq(jobs.id, dead?.id ?? ""))).toBe(1);
    expect(await rows(jobs, eq(jobs.id, queued?.id ?? ""))).toBe(1);
    expect(
      await rows(jobs, sql`${jobs.status} = 'done' and ${jobs.finishedAt} < now() - interval '30 days'`),
    ).toBe(0);
    // The order's own mails ran just now: they stay for their 30 days.
    expect(await rows(jobs, sql`${jobs.status} = 'done'`)).toBeGreaterThan(0);
    expect(await rows(session, eq(session.id, "expired-session"))).toBe(0);
    expect((await ctx.db.select({ id: verification.id }).from(verification)).map((row) => row.id)).toContain(
      "live-token",
    );
    const invitations = await ctx.db.select({ email: teamInvitations.email }).from(teamInvitations);
    expect(invitations.map((row) => row.email)).toEqual(["waiting@agency.test"]);

    // Orders, payments, receipts, the audit log and the order's history are all still there, and
    // the customer, still signed in, still sees the order.
    expect(await kept()).toEqual(before);
    const mine = await ctx.app.inject({
      method: "GET",
      url: "/api/order",
      headers: { cookie: customer.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).toContain(orderId);
  });

  it("keeps everything when each setting is 0, and a second run finds nothing left to remove", async () => {
    await ctx.db.insert(session).values({
      id: "expired-again",
      token: "expired-again-token",
      userId: customer.id,
      expiresAt: daysAgo(30),
    });
    const none = await pruneOldRows(ctx.db, new Date(), { webhookDays: 0, jobDays: 0, signInDays: 0 });
    expect(Object.values(none).every((value) => value === 0)).toBe(true);
    expect(await rows(session, eq(session.id, "expired-again"))).toBe(1);
    const again = await pruneOldRows(ctx.db, new Date(), ctx.config.retention);
    expect(again).toMatchObject({ jobs: 0, webhookEvents: 0, webhookDeliveries: 0, sessions: 1 });
  });
});

describe("the daily fold of the orders' day counts", () => {
  it("folds each past day's slots into one row and drops the counts at 0, losing no order", async () => {
    const counts = () =>
      rowsOf<{ day: string; slot: number; value: number }>(
        ctx.db,
        sql`select day::text, slot, value::int from order_day_counts
            where key = 'plan:fold-test' order by day, slot`,
      );
    // Written by four connections on a past day (slot 0 among them), one day whose count came
    // back to 0 over two slots and one in a single row, and a day to come, which is not folded.
    await ctx.db.execute(sql`
      insert into order_day_counts (key, day, slot, value) values
        ('plan:fold-test', '2026-01-05', 0, 1), ('plan:fold-test', '2026-01-05', 4, 2),
        ('plan:fold-test', '2026-01-05', 9, 5), ('plan:fold-test', '2026-01-05', 17, -1),
        ('plan:fold-test', '2026-01-06', 4, 3), ('plan:fold-test', '2026-01-06', 9, -3),
        ('plan:fold-test', '2026-01-07', 4, 0), ('plan:fold-test', '2999-01-01', 4, 1),
        ('plan:fold-test', '2999-01-01', 9, 1)`);
    const lines: string[] = [];
    const handlers = upkeepHandlers({
      db: ctx.db,
      retention: ctx.config.retention,
      embedded: !ctx.config.databaseUrl,
      log: { info: (object: unknown) => lines.push(JSON.stringify(object)) } as never,
    });
    await handlers["upkeep.prune"]();
    expect(await counts()).toEqual([
      { day: "2026-01-05", slot: 32, value: 7 },
      { day: "2999-01-01", slot: 4, value: 1 },
      { day: "2999-01-01", slot: 9, value: 1 },
    ]);
    expect(lines.join()).toContain('"folded"');
    await ctx.db.execute(sql`delete from order_day_counts where key = 'plan:fold-test'`);
  });
});

describe("the upkeep's schedule", () => {
  it("queues the next removal once however many processes start", async () => {
    const embedded = !ctx.config.databaseUrl;
    await scheduleUpkeep(ctx.db, new Date("2026-03-01T05:00:00Z"), embedded);
    await scheduleUpkeep(ctx.db, new Date("2026-03-01T05:10:00Z"), embedded);
    const upkeep = await ctx.db
      .select({ kind: jobs.kind, runAt: jobs.runAt })
      .from(jobs)
      .where(and(sql`${jobs.kind} like 'upkeep.%'`, eq(jobs.status, "queued")));
    const expected = [{ kind: "upkeep.prune", runAt: new Date("2026-03-02T03:00:00Z") }];
    if (embedded) expected.push({ kind: "upkeep.vacuum", runAt: new Date("2026-03-01T06:00:00Z") });
    expect(upkeep.sort((x, y) => x.kind.localeCompare(y.kind))).toEqual(expected);
  });

  it.runIf(process.env.TEST_DB !== "postgres")(
    "vacuums the embedded database's churning tables while requests are answered",
    async () => {
      const vacuums = () =>
        firstRowOf<{ count: number }>(
          ctx.db,
          sql`select coalesce(sum(vacuum_count), 0)::int as count from pg_stat_user_tables where relname = 'jobs'`,
        );
      const before = (await vacuums())?.count ?? 0;
      const lines: string[] = [];
      const handlers = upkeepHandlers({
        db: ctx.db,
        retention: ctx.config.retention,
        embedded: true,
        log: { info: (object: unknown) => lines.push(JSON.stringify(object)) } as never,
      });
      const vacuum = handlers["upkeep.vacuum"]();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => ctx.app.inject({ method: "GET", url: "/api/services" })),
      );
      await vacuum;
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      expect((await vacuums())?.count).toBeGreaterThan(before);
      expect(lines.join()).toContain("orders");
    },
  );

  it.runIf(process.env.TEST_DB !== "postgres")(
    "keeps the embedded database's write-ahead log from piling up",
    async () => {
      const walMb = async () =>
        (
          await firstRowOf<{ mb: number }>(
            ctx.db,
            sql`select coalesce(sum(size), 0)::float8 / 1e6 as mb from pg_ls_waldir()`,
          )
        )?.mb ?? 0;
      const handlers = upkeepHandlers({
        db: ctx.db,
        retention: ctx.config.retention,
        embedded: true,
        log: { info: () => {} } as never,
      });
      // Six hours of churn, each writing about 30 MB of log, with the hourly vacuum after each.
      for (let hour = 0; hour < 6; hour++) {
        await ctx.db.execute(sql`
          insert into jobs (kind, payload, status, finished_at)
          select 'file.discard-unattached', jsonb_build_object('fileId', gen_random_uuid(), 'note', (select string_agg(md5(random()::text || i.k), '') from generate_series(1, 40) as i (k))),
                 'done', now() - interval '60 days'
          from generate_series(1, 16000)`);
        await ctx.db.execute(sql`delete from jobs where finished_at < now() - interval '59 days'`);
        await handlers["upkeep.vacuum"]();
      }
      // PGlite writes no checkpoint of its own: without the vacuum's, the log only grows.
      expect(await walMb()).toBeLessThan(100);
    },
    // Six rounds of churn and vacuum: 10 s alone, twice that beside other test files.
    60_000,
  );
});
