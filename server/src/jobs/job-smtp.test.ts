import { eq, gt } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findJob, jobConfig, mail, openJobDatabase, quiet } from "../../test/job-database.js";
import { messageId, startTestSmtp, type TestSmtp } from "../../test/smtp.js";
import type { DatabaseHandle } from "../db/client.js";
import { jobs } from "../db/schema.js";
import { createJobRuntime } from "../job-runtime.js";
import { enqueue } from "./queue.js";

let handle: DatabaseHandle;
let dataDir: string;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ handle, dataDir, close } = await openJobDatabase());
});
afterEach(() => close());

const config = (env: Record<string, string> = {}) => jobConfig(dataDir, env);
const job = (id: string) => findJob(handle.db, id);

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

    // A mail run twice names its cause here: a failed send retried, or a lease that lapsed.
    const twice = await handle.db
      .select({ id: jobs.id, attempts: jobs.attempts, lastError: jobs.lastError })
      .from(jobs)
      .where(gt(jobs.attempts, 1));
    expect(twice).toEqual([]);
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
