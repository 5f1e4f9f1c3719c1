import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/helpers.js";
import { messageId, startTestSmtp, type TestSmtp } from "../../test/smtp.js";
import { loadConfig } from "../config.js";
import type { DatabaseHandle } from "../db/client.js";
import { jobs, leads } from "../db/schema.js";
import { enqueue, type JobPayloads, retryJob } from "./queue.js";
import { createJobRuntime } from "./runtime.js";
import { backoffMs, createWorker, type JobHandlers } from "./worker.js";

const quiet = { info() {}, warn() {}, error() {} };

function mail(to: string, subject = "Hello"): JobPayloads["mail.send"] {
  return { to, subject, text: "Plain text", html: "<p>HTML</p>" };
}

let handle: DatabaseHandle;
let dataDir: string;

beforeEach(async () => {
  handle = await openTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), "agency-jobs-"));
});
afterEach(async () => {
  await handle.close();
  await rm(dataDir, { recursive: true, force: true });
});

function config(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    DATA_DIR: dataDir,
    ...env,
  });
}

async function job(id: string) {
  const [row] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error("no such job");
  return row;
}

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
    const worker = createWorker({
      db: handle.db,
      handlers,
      log: quiet,
      pollMs: 20,
      yieldTo: () => busy,
      maxYieldMs: 400,
    });
    await enqueue(handle.db, "mail.send", mail("after-the-burst@example.com"));
    worker.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ran).toEqual([]);
      busy = false;
      await expect.poll(() => ran, { timeout: 2000, interval: 20 }).toEqual(["after-the-burst@example.com"]);

      // Requests that never stop would starve the mail: it goes out once the limit has passed.
      busy = true;
      await enqueue(handle.db, "mail.send", mail("during-a-long-rush@example.com"));
      await expect
        .poll(() => ran, { timeout: 3000, interval: 20 })
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

  it("queues again a job whose worker was killed while running it, once its lease is over", async () => {
    const id = (await enqueue(handle.db, "mail.send", mail("killed@example.com"))) ?? "";
    await handle.db
      .update(jobs)
      .set({ status: "running", attempts: 1, lockedBy: "gone", lockedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(jobs.id, id));
    const ran: string[] = [];
    const worker = createWorker({
      db: handle.db,
      handlers: { "mail.send": async (p) => void ran.push(p.to) },
      log: quiet,
    });
    await worker.drain();
    expect(ran).toEqual(["killed@example.com"]);
    expect(await job(id)).toMatchObject({ status: "done", attempts: 2 });
  });
});

describe("mail through an SMTP server", () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.refusing = false;
  });

  it("retries while the server refuses and delivers each mail once when it is back", async () => {
    const runtime = createJobRuntime({
      db: handle.db,
      config: config({ SMTP_URL: smtp.url }),
      log: quiet as never,
      retryDelayMs: () => 60_000,
    });
    const due = () => handle.db.update(jobs).set({ runAt: new Date() });
    smtp.refusing = true;
    const ids = [
      await enqueue(handle.db, "mail.send", mail("one@example.com", "First")),
      await enqueue(handle.db, "mail.send", mail("two@example.com", "Second")),
    ];
    expect(await runtime.worker.drain()).toBe(2);
    await due();
    expect(await runtime.worker.drain()).toBe(2);
    expect(smtp.received).toHaveLength(0);
    for (const id of ids) {
      expect(await job(id ?? "")).toMatchObject({ status: "queued", attempts: 2 });
      expect((await job(id ?? "")).lastError).toMatch(/421|not available/i);
    }

    smtp.refusing = false;
    await due();
    expect(await runtime.worker.drain()).toBe(2);
    await due();
    expect(await runtime.worker.drain()).toBe(0);
    await runtime.stop();
    expect(smtp.received).toHaveLength(2);
    expect(new Set(smtp.received.map(messageId)).size).toBe(2);
    expect(smtp.received.map((raw) => raw.match(/^Subject: (.*)$/m)?.[1]).sort()).toEqual([
      "First",
      "Second",
    ]);
  });

  // 1,000 on PostgreSQL; a tenth of that on the embedded database, which has one connection anyway.
  const count = process.env.TEST_DB === "postgres" ? 1000 : 100;
  it(`two instances on one database send ${count} queued mails, each exactly once`, async () => {
    await handle.db.transaction(async (tx) => {
      for (let start = 0; start < count; start += 100) {
        await tx.insert(jobs).values(
          Array.from({ length: 100 }, (_, index) => ({
            kind: "mail.send",
            payload: mail(`reader${start + index}@example.com`, `Mail ${start + index}`),
          })),
        );
      }
    });
    const env = { SMTP_URL: smtp.url, WORKER_CONCURRENCY: "8", WORKER_POLL_MS: "50" };
    const first = createJobRuntime({ db: handle.db, config: config(env), log: quiet as never });
    const second = createJobRuntime({ db: handle.db, config: config(env), log: quiet as never });
    const started = Date.now();
    const [a, b] = await Promise.all([first.worker.drain(), second.worker.drain()]);
    const seconds = (Date.now() - started) / 1000;
    await first.stop();
    await second.stop();

    expect(a + b).toBe(count);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(smtp.received).toHaveLength(count);
    const subjects = new Set(smtp.received.map((raw) => raw.match(/^Subject: (.*)$/m)?.[1]));
    expect(subjects.size).toBe(count);
    const done = await handle.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, "done"));
    expect(done).toHaveLength(count);
    console.info(`${count} mails by two workers in ${seconds.toFixed(1)} s (${a} + ${b})`);
  }, 120_000);
});
