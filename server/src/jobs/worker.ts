import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import { type Clock, systemClock } from "../clock.js";
import type { Database } from "../db/client.js";
import {
  claimDueJobs,
  completeJob,
  failJob,
  type JobKind,
  type JobKindFilter,
  type JobPayloads,
  type JobRow,
  reclaimStaleJobs,
  releaseJobs,
  renewLeases,
} from "./queue.js";

/** Runs one job; the worker marks it done when the handler ends, or failed when it throws. */
export type JobHandler<K extends JobKind> = (payload: JobPayloads[K], job: JobRow) => Promise<void>;
export type JobHandlers = { [K in JobKind]?: JobHandler<K> };

/**
 * How long a job's worker may stay silent before the job is given to another. Held jobs are
 * renewed every third of it, and every worker looks for lapsed ones every quarter of it, so the
 * jobs of a killed worker run again within about 20 s (lease, one look, one poll).
 */
export const DEFAULT_LEASE_MS = 15_000;

/** 30 s, 1 min, 2 min… up to an hour between attempts. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempt - 1, 0), 3_600_000);
}

export type WorkerOptions = {
  db: Database;
  handlers: JobHandlers;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** How often the queue is looked at when it was empty. */
  pollMs?: number;
  /** A running job whose worker has not renewed its lease for this long is given to another. */
  leaseMs?: number;
  /** How often the leases of the running jobs are renewed; a third of the lease unless set. */
  heartbeatMs?: number;
  /** How long stop() waits for running jobs before handing them back. */
  shutdownGraceMs?: number;
  retryDelayMs?: (attempt: number) => number;
  /**
   * While this answers true the worker starts no new jobs, for up to `maxYieldMs` at a time. In the
   * web process requests and jobs share the cores (and, on the embedded database, one
   * connection): a burst of orders is answered first, and its mails go out right after it.
   */
  yieldTo?: () => boolean;
  maxYieldMs?: number;
  /**
   * Once it has yielded for `maxYieldMs`, how long the worker then goes on without yielding, so
   * requests that never pause slow the mail down but cannot starve it (one batch per
   * `maxYieldMs` would fall behind a busy shop's orders).
   */
  workSliceMs?: number;
  /** Decides which jobs are due (scheduled renewals included); tests move it forward. */
  clock?: Clock;
  /** The kinds of job this worker takes (all when unset): a pool of its own for slow calls out. */
  kinds?: JobKindFilter;
};

export type Worker = {
  readonly id: string;
  start(): void;
  /** Runs due jobs until none is left; answers how many ran. Used by tests and `drain`. */
  drain(): Promise<number>;
  /** Stops taking jobs, waits for the running ones, and hands back what did not finish. */
  stop(): Promise<void>;
};

/** A name of its own for each worker: the machine, the process, and a random part. */
export function workerName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

/**
 * Answers true while a worker should leave the database and the cores to requests (see
 * `WorkerOptions.yieldTo`): never longer than `maxYieldMs` at a time, and then not again for
 * `workSliceMs`.
 */
export function createYielder(
  options: Pick<WorkerOptions, "yieldTo" | "maxYieldMs" | "workSliceMs">,
): () => boolean {
  const maxYieldMs = options.maxYieldMs ?? 5000;
  const workSliceMs = options.workSliceMs ?? 2000;
  let yieldingSince: number | undefined;
  let workingUntil = 0;
  return () => {
    const now = Date.now();
    if (now < workingUntil || !options.yieldTo?.()) {
      yieldingSince = undefined;
      return false;
    }
    yieldingSince ??= now;
    if (now - yieldingSince < maxYieldMs) return true;
    yieldingSince = undefined;
    workingUntil = now + workSliceMs;
    return false;
  };
}

export function createWorker(options: WorkerOptions): Worker {
  const { db, handlers, log } = options;
  const concurrency = options.concurrency ?? 4;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? leaseMs / 3;
  if (heartbeatMs >= leaseMs)
    throw new RangeError("The heartbeat must come more often than the lease runs out.");
  const graceMs = options.shutdownGraceMs ?? 8000;
  const retryDelay = options.retryDelayMs ?? backoffMs;
  const clock = options.clock ?? systemClock;
  const id = workerName();
  const running = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let renewing = false;
  let stopping = false;
  let lastReclaim = 0;
  const yielding = createYielder(options);

  async function run(job: JobRow): Promise<void> {
    const handler = handlers[job.kind as JobKind] as JobHandler<JobKind> | undefined;
    try {
      if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}".`);
      await handler(job.payload as unknown as JobPayloads[JobKind], job);
      await completeJob(db, job, id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const status = await failJob(
        db,
        job,
        id,
        message,
        new Date(clock.now().getTime() + retryDelay(job.attempts)),
      );
      log[status === "dead" ? "error" : "warn"](
        { job: job.id, kind: job.kind, attempt: job.attempts, err: message },
        status === "dead" ? "job failed for good" : "job failed, will retry",
      );
    }
  }

  /** Renews the leases of the running jobs while there are any, so no other worker takes them. */
  function keepLeases() {
    if (heartbeat || running.size === 0) return;
    heartbeat = setInterval(() => {
      if (running.size === 0) {
        clearInterval(heartbeat);
        heartbeat = undefined;
        return;
      }
      // A slow database must not pile renewals up behind each other.
      if (renewing) return;
      renewing = true;
      renewLeases(db, [...running.keys()], id)
        .catch((error: unknown) => log.warn({ err: error }, "job leases not renewed"))
        .finally(() => {
          renewing = false;
        });
    }, heartbeatMs);
    heartbeat.unref();
  }

  /** One round: claims what fits in the free slots and starts it; answers how many it claimed. */
  async function tick(): Promise<number> {
    if (Date.now() - lastReclaim >= leaseMs / 4) {
      lastReclaim = Date.now();
      const reclaimed = await reclaimStaleJobs(db, leaseMs);
      if (reclaimed > 0) log.warn({ reclaimed }, "jobs of a stopped worker queued again");
    }
    const free = concurrency - running.size;
    if (free <= 0 || stopping) return 0;
    const claimed = await claimDueJobs(db, id, free, clock.now(), options.kinds);
    for (const job of claimed) {
      const promise = run(job)
        // The database went away while the job ran: its lease lapses and another worker runs it.
        .catch((error: unknown) => log.error({ err: error, job: job.id }, "job outcome not recorded"))
        .finally(() => running.delete(job.id));
      running.set(job.id, promise);
    }
    keepLeases();
    return claimed.length;
  }

  function schedule(delay: number) {
    if (stopping) return;
    timer = setTimeout(() => {
      if (yielding()) return schedule(Math.min(pollMs, 50));
      tick()
        .then((claimed) => {
          // A full batch means more may be waiting: look again as soon as a slot frees up.
          if (claimed > 0 && running.size >= concurrency)
            return Promise.race(running.values()).then(() => claimed);
          return claimed;
        })
        .then((claimed) => schedule(claimed > 0 ? 0 : pollMs))
        .catch((error: unknown) => {
          log.error({ err: error }, "job queue unavailable");
          schedule(pollMs * 5);
        });
    }, delay);
  }

  return {
    id,
    start() {
      stopping = false;
      schedule(0);
    },
    async drain() {
      let total = 0;
      for (;;) {
        const claimed = await tick();
        total += claimed;
        if (claimed === 0 && running.size === 0) return total;
        await Promise.race(running.values());
      }
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      if (running.size === 0) return;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(running.values()),
        new Promise((resolve) => {
          timeout = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timeout);
      const unfinished = [...running.keys()];
      clearInterval(heartbeat);
      heartbeat = undefined;
      await releaseJobs(db, unfinished, id);
      if (unfinished.length > 0) log.warn({ released: unfinished.length }, "running jobs handed back");
    },
  };
}

/**
 * Several workers (each taking its own kinds of job) as one: started and stopped together, and
 * drained until none of them finds anything left, since one's jobs may queue another's.
 */
export function combineWorkers(workers: Worker[]): Worker {
  return {
    id: workers.map((worker) => worker.id).join(","),
    start() {
      for (const worker of workers) worker.start();
    },
    async drain() {
      let total = 0;
      for (;;) {
        let ran = 0;
        for (const worker of workers) ran += await worker.drain();
        total += ran;
        if (ran === 0) return total;
      }
    },
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
