import type { FastifyBaseLogger } from "fastify";
import {
  createYielder,
  DEFAULT_LEASE_MS,
  type Worker,
  type WorkerOptions,
  workerName,
} from "../../jobs/worker.js";
import { attemptDelivery, type DeliveryContext, noteEndpointHealth } from "./deliver.js";
import {
  type ClaimedDelivery,
  claimDeliveries,
  type DeliveryOutcome,
  fanOut,
  recordOutcomes,
  renewDeliveryLeases,
} from "./queries/deliveries.js";

export type DeliveryWorkerOptions = {
  ctx: DeliveryContext;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Calls out at once. */
  concurrency: number;
} & Pick<
  WorkerOptions,
  "pollMs" | "leaseMs" | "heartbeatMs" | "shutdownGraceMs" | "yieldTo" | "maxYieldMs" | "workSliceMs"
>;

/**
 * Events turned into deliveries a statement: enough to keep the calls busy, few enough that the
 * statement is short (on the embedded database, requests wait for it).
 */
const fanOutBatch = 100;

/** How long the outcomes of calls that end together wait for each other before one write. */
const gatherMs = 5;

/**
 * The worker of webhook and chat deliveries, apart from the job queue: it takes them from their
 * own table (see `queries/deliveries.ts`) many at a time. Each round turns new events into
 * deliveries, claims as many due deliveries as it has free calls, and starts their calls; the
 * outcomes of the calls that end while one write runs are written together by the next. So a burst
 * of events costs a few statements a batch, and the calls themselves, which mostly wait on other
 * servers, run `concurrency` at once.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): Worker {
  const { ctx, log, concurrency } = options;
  const { db } = ctx;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? leaseMs / 3;
  const graceMs = options.shutdownGraceMs ?? 8000;
  const yielding = createYielder(options);
  const id = workerName();
  /** Claimed and not yet written down: being called, or its outcome waiting for the next write. */
  const held = new Map<string, ClaimedDelivery>();
  const calls = new Set<Promise<void>>();
  let finished: DeliveryOutcome[] = [];
  let writing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let ticking = false;
  let nextFanOut = 0;
  /** The round under way, which stop() lets finish (its claims become calls it waits for). */
  let round: Promise<{ fanned: number; claimed: number }> | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  /** Between start() and stop(): rounds follow each other by themselves (drain() runs its own). */
  let started = false;
  let stopping = false;

  async function write(batch: DeliveryOutcome[]): Promise<void> {
    try {
      const written = await recordOutcomes(db, id, batch);
      const claimed = batch.flatMap((outcome) => held.get(outcome.id) ?? []);
      await noteEndpointHealth(
        db,
        ctx.clock.now(),
        claimed,
        batch.filter((outcome) => written.has(outcome.id)),
      );
    } catch (error) {
      // Not written: their leases lapse and they are claimed again (the same events, sent again).
      log.error({ err: error, deliveries: batch.length }, "webhook delivery outcomes not recorded");
    } finally {
      for (const outcome of batch) held.delete(outcome.id);
    }
  }

  /** Writes every outcome waiting; those that come while it writes wait for the next write. */
  function flush(): Promise<void> {
    if (writing) return writing;
    if (finished.length === 0) return Promise.resolve();
    const batch = finished;
    finished = [];
    writing = write(batch).finally(() => {
      writing = undefined;
      void flush();
      schedule(0);
    });
    return writing;
  }

  function call(delivery: ClaimedDelivery) {
    held.set(delivery.id, delivery);
    const promise: Promise<void> = attemptDelivery(ctx, delivery)
      .then((outcome) => {
        finished.push(outcome);
      })
      .catch((error: unknown) => {
        // Its lease lapses and it is claimed again; its call is free for another now.
        held.delete(delivery.id);
        log.error({ err: error, delivery: delivery.id }, "webhook delivery not attempted");
        schedule(0);
      })
      .finally(() => {
        calls.delete(promise);
        // The calls of one round end within moments of each other: one write takes them all.
        flushTimer ??= setTimeout(() => {
          flushTimer = undefined;
          void flush();
        }, gatherMs);
      });
    calls.add(promise);
  }

  /** Renews the leases of what it holds while it holds anything. */
  function keepLeases() {
    if (heartbeat || held.size === 0) return;
    let renewing = false;
    heartbeat = setInterval(() => {
      if (held.size === 0) {
        clearInterval(heartbeat);
        heartbeat = undefined;
        return;
      }
      if (renewing) return;
      renewing = true;
      renewDeliveryLeases(db, id, [...held.keys()])
        .catch((error: unknown) => log.warn({ err: error }, "webhook delivery leases not renewed"))
        .finally(() => {
          renewing = false;
        });
    }, heartbeatMs);
    heartbeat.unref();
  }

  /**
   * One round; answers how many events it turned into deliveries and how many deliveries it began.
   * Once a look for new events finds none, the rounds that follow within `pollMs` do not look
   * again (unless `always`): while a backlog drains, each round is then a claim and a write.
   */
  async function tick(always = false): Promise<{ fanned: number; claimed: number }> {
    let fanned = 0;
    if (always || Date.now() >= nextFanOut) {
      fanned = await fanOut(db, fanOutBatch);
      nextFanOut = fanned > 0 ? 0 : Date.now() + pollMs;
    }
    const free = concurrency - held.size;
    if (free <= 0 || stopping) return { fanned, claimed: 0 };
    const claimed = await claimDeliveries(db, id, free, ctx.clock.now(), leaseMs);
    for (const delivery of claimed) call(delivery);
    keepLeases();
    return { fanned, claimed: claimed.length };
  }

  /** The next round after `delay`; a write that frees calls asks for one at once. */
  function schedule(delay: number) {
    if (!started || stopping || ticking) return;
    if (timer) {
      if (delay > 0) return;
      clearTimeout(timer);
    }
    timer = setTimeout(() => {
      timer = undefined;
      if (yielding()) return schedule(Math.min(pollMs, 50));
      ticking = true;
      round = tick();
      round.then(
        ({ fanned, claimed }) => {
          ticking = false;
          // With every call taken, the next write asks for the next round.
          if (held.size < concurrency) schedule(fanned + claimed > 0 ? 0 : pollMs);
        },
        (error: unknown) => {
          ticking = false;
          log.error({ err: error }, "webhook delivery queue unavailable");
          schedule(pollMs * 5);
        },
      );
    }, delay);
  }

  /** Until every call has ended and every outcome is written. */
  async function settled() {
    await Promise.allSettled([...calls]);
    while (writing || finished.length > 0) await flush();
  }

  return {
    id,
    start() {
      started = true;
      stopping = false;
      schedule(0);
    },
    /** Delivers everything due, round after round; answers how many deliveries it attempted. */
    async drain() {
      let total = 0;
      for (;;) {
        const { fanned, claimed } = await tick(true);
        await settled();
        total += claimed;
        if (fanned + claimed === 0) return total;
      }
    },
    async stop() {
      stopping = true;
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await round?.catch(() => {});
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        settled(),
        new Promise((resolve) => {
          timeout = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timeout);
      clearInterval(heartbeat);
      heartbeat = undefined;
      // Calls still going are not handed back: another instance would send their events again
      // while these may still arrive, after later events of the same objects. Their leases lapse
      // (the calls have ended by then) and they are claimed again.
      if (held.size > 0) log.warn({ unfinished: held.size }, "webhook deliveries left to their leases");
      held.clear();
    },
  };
}
