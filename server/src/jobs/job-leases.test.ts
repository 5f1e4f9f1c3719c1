import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findJob, mail, openJobDatabase, quiet } from "../../test/job-database.js";
import type { DatabaseHandle } from "../db/client.js";
import { enqueue } from "./queue.js";
import { createWorker, type JobHandlers } from "./worker.js";

let handle: DatabaseHandle;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ handle, close } = await openJobDatabase());
});
afterEach(() => close());

const job = (id: string) => findJob(handle.db, id);

describe("job leases", () => {
  const lease = { leaseMs: 2000, heartbeatMs: 100, pollMs: 20 };

  /** A handler that runs until the test lets it finish, counting its runs. */
  function longJob() {
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const runs: string[] = [];
    const handlers: JobHandlers = {
      "mail.send": async (payload) => {
        runs.push(payload.to);
        await finished;
      },
    };
    return { handlers, runs, finish };
  }

  it("keeps a live worker's long job to it past its lease, and never runs a finished job again", async () => {
    const id = (await enqueue(handle.db, "mail.send", mail("long@example.com"))) ?? "";
    const { handlers, runs, finish } = longJob();
    const holder = createWorker({ db: handle.db, handlers, log: quiet, ...lease });
    holder.start();
    try {
      await expect.poll(async () => (await job(id)).status).toBe("running");
      const claimed = (await job(id)).lockedAt?.getTime() ?? 0;
      // The job has now run longer than its lease, which the heartbeat has renewed.
      await expect
        .poll(async () => ((await job(id)).lockedAt?.getTime() ?? 0) - claimed, {
          timeout: 10_000,
          interval: 50,
        })
        .toBeGreaterThan(lease.leaseMs);

      // Another worker looking for the jobs of stopped workers leaves it alone.
      const other = createWorker({ db: handle.db, handlers, log: quiet, ...lease });
      expect(await other.drain()).toBe(0);
      expect(await job(id)).toMatchObject({ status: "running", lockedBy: holder.id, attempts: 1 });

      finish();
      await expect.poll(async () => (await job(id)).status).toBe("done");
      // However short their lease, workers coming after it find nothing left to run.
      const impatient = createWorker({ db: handle.db, handlers, log: quiet, leaseMs: 10, heartbeatMs: 5 });
      expect(await impatient.drain()).toBe(0);
      expect(runs).toEqual(["long@example.com"]);
      expect(await job(id)).toMatchObject({ status: "done", attempts: 1 });
    } finally {
      finish();
      await holder.stop();
    }
  });

  it("gives the jobs of a worker that died while running them to another once their lease lapses", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 4; index++)
      ids.push((await enqueue(handle.db, "mail.send", mail(`held-${index}@example.com`))) ?? "");
    // The first worker loses its database the way a killed process does: mid-job, without a word.
    let killed = false;
    const dying = new Proxy(handle.db, {
      get(target, property) {
        if (killed) throw new Error("the process is gone");
        return Reflect.get(target, property, target);
      },
    });
    const first = longJob();
    const victim = createWorker({
      db: dying,
      handlers: first.handlers,
      log: quiet,
      concurrency: 4,
      shutdownGraceMs: 10,
      ...lease,
    });
    victim.start();
    await expect.poll(() => first.runs.length).toBe(4);
    const claimed = await Promise.all(ids.map(async (id) => (await job(id)).lockedAt?.getTime() ?? 0));
    // Its leases were renewed while it lived.
    await expect
      .poll(async () => (await job(ids[0] ?? "")).lockedAt?.getTime() ?? 0)
      .toBeGreaterThan(claimed[0] ?? 0);
    killed = true;

    const ran: string[] = [];
    const survivor = createWorker({
      db: handle.db,
      handlers: { "mail.send": async (p) => void ran.push(p.to) },
      log: quiet,
      concurrency: 4,
      ...lease,
    });
    survivor.start();
    try {
      await expect.poll(() => ran.length, { timeout: 10_000, interval: 50 }).toBe(4);
      expect(new Set(ran).size).toBe(4);
      for (const id of ids) {
        await expect.poll(async () => (await job(id)).status).toBe("done");
        expect(await job(id)).toMatchObject({ attempts: 2, lockedBy: null });
      }
    } finally {
      await survivor.stop();
      first.finish();
      await victim.stop().catch(() => {});
    }
  });
});
