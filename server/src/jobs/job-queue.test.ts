import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findJob, jobConfig, mail, openJobDatabase, quiet } from "../../test/job-database.js";
import type { DatabaseHandle } from "../db/client.js";
import { jobs, leads } from "../db/schema.js";
import { createJobRuntime } from "../job-runtime.js";
import { claimDueJobs, enqueue, retryJob } from "./queue.js";
import { backoffMs, createWorker, type JobHandlers } from "./worker.js";

let handle: DatabaseHandle;
let dataDir: string;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ handle, dataDir, close } = await openJobDatabase());
});
afterEach(() => close());

const config = (env: Record<string, string> = {}) => jobConfig(dataDir, env);
const job = (id: string) => findJob(handle.db, id);

describe("the job queue", () => {
  it("keeps a job only when the transaction that queued it commits", async () => {
    await handle.db.transaction(async (tx) => {
      await tx
        .insert(leads)
        .values({ kind: "query", email: "kept@example.com", website: "https://a.example" });
      await enqueue(tx, "mail.send", mail("kept@example.com"));
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx
          .insert(leads)
          .values({ kind: "query", email: "gone@example.com", website: "https://b.example" });
        await enqueue(tx, "mail.send", mail("gone@example.com"));
        throw new Error("the request failed after queuing");
      }),
    ).rejects.toThrow("the request failed");
    const rows = await handle.db.select().from(jobs);
    expect(rows.map((row) => (row.payload as { to: string }).to)).toEqual(["kept@example.com"]);
  });

  it("sends a mail committed before a crash exactly once, from whichever instance starts next", async () => {
    // The first instance committed the job and died before its worker ran it.
    await handle.db.transaction((tx) => enqueue(tx, "mail.send", mail("customer@example.com")));

    const restarted = createJobRuntime({ db: handle.db, config: config(), log: quiet as never });
    const another = createJobRuntime({ db: handle.db, config: config(), log: quiet as never });
    const [first, second] = await Promise.all([restarted.worker.drain(), another.worker.drain()]);
    expect(first + second).toBe(1);
    expect(await restarted.worker.drain()).toBe(0);
    await restarted.stop();
    await another.stop();

    const files = (await readdir(path.join(dataDir, "outbox"))).filter((file) => file.endsWith(".json"));
    expect(files).toHaveLength(1);
  });

  it("runs a scheduled job only once its time has come", async () => {
    const ran: string[] = [];
    const handlers: JobHandlers = { "mail.send": async (payload) => void ran.push(payload.to) };
    const worker = createWorker({ db: handle.db, handlers, log: quiet });
    await enqueue(handle.db, "mail.send", mail("later@example.com"), {
      runAt: new Date(Date.now() + 60_000),
    });
    await enqueue(handle.db, "mail.send", mail("now@example.com"));
    expect(await worker.drain()).toBe(1);
    expect(ran).toEqual(["now@example.com"]);
  });

  it("leaves the database to requests while they are answered, but never for longer than its limit", async () => {
    const ran: string[] = [];
    const handlers: JobHandlers = { "mail.send": async (payload) => void ran.push(payload.to) };
    let busy = true;
    let asked = 0;
    const worker = createWorker({
      db: handle.db,
      handlers,
      log: quiet,
      pollMs: 20,
      yieldTo: () => {
        asked += 1;
        return busy;
      },
      maxYieldMs: 1500,
    });
    await enqueue(handle.db, "mail.send", mail("after-the-burst@example.com"));
    worker.start();
    try {
      // It has asked several times whether requests are waiting, and held the mail back each time.
      await expect.poll(() => asked, { timeout: 2000, interval: 10 }).toBeGreaterThanOrEqual(3);
      expect(ran).toEqual([]);
      busy = false;
      await expect.poll(() => ran, { timeout: 2000, interval: 20 }).toEqual(["after-the-burst@example.com"]);

      // Requests that never stop would starve the mail: it goes out once the limit has passed.
      busy = true;
      await enqueue(handle.db, "mail.send", mail("during-a-long-rush@example.com"));
      await expect
        .poll(() => ran, { timeout: 5000, interval: 20 })
        .toEqual(["after-the-burst@example.com", "during-a-long-rush@example.com"]);
    } finally {
      await worker.stop();
    }
  });

  it("works through a backlog for a while after yielding its longest, however busy the requests", async () => {
    const ran: string[] = [];
    const handlers: JobHandlers = { "mail.send": async (payload) => void ran.push(payload.to) };
    const worker = createWorker({
      db: handle.db,
      handlers,
      log: quiet,
      pollMs: 20,
      concurrency: 2,
      yieldTo: () => true,
      maxYieldMs: 300,
      workSliceMs: 5000,
    });
    for (let i = 0; i < 20; i++) await enqueue(handle.db, "mail.send", mail(`backlog-${i}@example.com`));
    worker.start();
    try {
      // One batch per yield window would send 2 mails a window; the slice after it sends them all.
      await expect.poll(() => ran.length, { timeout: 1500, interval: 20 }).toBe(20);
    } finally {
      await worker.stop();
    }
  });

  it("keeps one job per key however often it is queued", async () => {
    expect(
      await enqueue(handle.db, "mail.send", mail("a@example.com"), { key: "order:1:customer" }),
    ).toBeTruthy();
    expect(
      await enqueue(handle.db, "mail.send", mail("a@example.com"), { key: "order:1:customer" }),
    ).toBeNull();
    expect(await handle.db.select().from(jobs)).toHaveLength(1);
  });

  it("retries a failing job later, then keeps it as dead with its last error", async () => {
    let calls = 0;
    const handlers: JobHandlers = {
      "mail.send": async () => {
        calls += 1;
        throw new Error(`failure ${calls}`);
      },
    };
    const worker = createWorker({ db: handle.db, handlers, log: quiet, retryDelayMs: () => 0 });
    const id = (await enqueue(handle.db, "mail.send", mail("x@example.com"), { maxAttempts: 3 })) ?? "";

    const delayed = createWorker({ db: handle.db, handlers, log: quiet });
    expect(await delayed.drain()).toBe(1);
    const waiting = await job(id);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1, lastError: "failure 1" });
    expect(waiting.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await delayed.drain()).toBe(0);

    await handle.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, id));
    await worker.drain();
    expect(await job(id)).toMatchObject({ status: "dead", attempts: 3, lastError: "failure 3" });
    expect(calls).toBe(3);

    // An admin's retry gives it a fresh set of attempts.
    expect(await retryJob(handle.db, id)).toMatchObject({ status: "queued", attempts: 0 });
    await worker.drain();
    expect(calls).toBe(6);
  });

  it("backs off longer after each failure, up to an hour", () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([30_000, 60_000, 120_000]);
    expect(backoffMs(20)).toBe(3_600_000);
  });

  it("hands running jobs back on shutdown, and runs them again on the next start", async () => {
    let release: () => void = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = createWorker({
      db: handle.db,
      handlers: { "mail.send": () => stuck },
      log: quiet,
      pollMs: 10,
      shutdownGraceMs: 50,
    });
    const id = (await enqueue(handle.db, "mail.send", mail("slow@example.com"))) ?? "";
    slow.start();
    await expect.poll(async () => (await job(id)).status).toBe("running");
    await slow.stop();
    expect(await job(id)).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });
    release();

    const ran: string[] = [];
    const next = createWorker({
      db: handle.db,
      handlers: { "mail.send": async (p) => void ran.push(p.to) },
      log: quiet,
    });
    await next.drain();
    expect(ran).toEqual(["slow@example.com"]);
    expect(await job(id)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("runs at once the jobs of a worker that fell silent 20 seconds ago, each once more", async () => {
    const ids: string[] = [];
    for (const to of ["a", "b", "c", "d"])
      ids.push((await enqueue(handle.db, "mail.send", mail(`${to}@example.com`))) ?? "");
    // What a worker killed under load leaves behind: its jobs claimed, their leases last renewed 20 s ago.
    await claimDueJobs(handle.db, "killed-worker", 4, new Date());
    await handle.db
      .update(jobs)
      .set({ lockedAt: sql`now() - interval '20 seconds'` })
      .where(inArray(jobs.id, ids));
    const ran: string[] = [];
    const worker = createWorker({
      db: handle.db,
      handlers: { "mail.send": async (p) => void ran.push(p.to) },
      log: quiet,
    });
    expect(await worker.drain()).toBe(4);
    expect(ran.sort()).toEqual(["a@example.com", "b@example.com", "c@example.com", "d@example.com"]);
    for (const id of ids)
      expect(await job(id)).toMatchObject({ status: "done", attempts: 2, lockedBy: null });
  });
});
