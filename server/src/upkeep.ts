import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { pruneExpiredSignIns } from "./auth/retention.js";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import { enqueue, pruneFinishedJobs } from "./jobs/queue.js";
import { pruneClosedCompanyInvitations } from "./modules/companies/index.js";
import { foldOrderDayCounts } from "./modules/orders/index.js";
import { pruneClosedInvitations } from "./modules/team/index.js";
import { pruneDeliveredWebhooks } from "./modules/webhooks/index.js";

// The shop's upkeep (docs/deploying.md, "Upkeep"): every day at 03:00 UTC old rows that nothing
// needs any more are removed, a batch at a time, and each past day's count of orders is folded
// into one row (docs/decisions/042); on the embedded database, which runs no
// autovacuum, the tables that churn are vacuumed every hour and after a large removal. On
// PostgreSQL, autovacuum does that. Orders, payments, receipts, messages, files, the audit log and
// everything a customer's history shows are never removed here.

/** How long what the upkeep removes is kept, in days; 0 keeps it for ever (RETAIN_*_DAYS). */
type Retention = Config["retention"];

const dayMs = 86_400_000;
const hourMs = 3_600_000;

/** A removal this large is followed by a vacuum on the embedded database at once. */
const largeRemoval = 10_000;

/**
 * The tables whose rows change or go the most, vacuumed and analyzed one at a time: each is one
 * statement, and requests wait for the one running, never for the whole round.
 */
const churningTables = [
  "jobs",
  "orders",
  // Grow with the orders and companies; analyzed so the planner tells a rare word from a common one.
  "order_search_words",
  "company_search_words",
  "row_counts",
  "order_day_counts",
  // Grow by inserts: vacuumed so their visibility map stays set and the lists, counts and sums
  // that read only their indexes (All Users' pages, the Overview's payments) need not visit every
  // row as well, as PostgreSQL's autovacuum does after inserts.
  "user",
  "companies",
  "payments",
  "subscriptions",
  "order_events",
  "messages",
  "message_reads",
  "webhook_events",
  "webhook_deliveries",
  "automation_runs",
  "session",
  "verification",
  "rate_limit",
] as const;

export type Pruned = Record<
  "jobs" | "webhookEvents" | "webhookDeliveries" | "sessions" | "tokens" | "counters" | "invitations",
  number
>;

const cutoff = (now: Date, days: number) => (days > 0 ? new Date(now.getTime() - days * dayMs) : null);

/** Removes what the retention settings let go, as of `now`; answers how many rows of each went. */
export async function pruneOldRows(db: Database, now: Date, retention: Retention): Promise<Pruned> {
  const pruned: Pruned = {
    jobs: 0,
    webhookEvents: 0,
    webhookDeliveries: 0,
    sessions: 0,
    tokens: 0,
    counters: 0,
    invitations: 0,
  };
  const jobsBefore = cutoff(now, retention.jobDays);
  if (jobsBefore) pruned.jobs = await pruneFinishedJobs(db, jobsBefore);
  const webhooksBefore = cutoff(now, retention.webhookDays);
  if (webhooksBefore) {
    const webhooks = await pruneDeliveredWebhooks(db, webhooksBefore);
    pruned.webhookEvents = webhooks.events;
    pruned.webhookDeliveries = webhooks.deliveries;
  }
  const signInsBefore = cutoff(now, retention.signInDays);
  if (signInsBefore) {
    Object.assign(pruned, await pruneExpiredSignIns(db, signInsBefore));
    pruned.invitations =
      (await pruneClosedInvitations(db, signInsBefore)) +
      (await pruneClosedCompanyInvitations(db, signInsBefore));
  }
  return pruned;
}

/**
 * `VACUUM (ANALYZE)` of each churning table in turn, then a checkpoint: PGlite writes none of its
 * own until it closes, so without it the write-ahead log's files pile up for as long as the shop
 * runs (each checkpoint lets the next hour reuse them, within `max_wal_size`). Answers how long
 * each step took, in ms.
 */
async function vacuumChurningTables(db: Database): Promise<Record<string, number>> {
  const took: Record<string, number> = {};
  const steps: [name: string, statement: string][] = [
    ...churningTables.map((table): [string, string] => [table, `vacuum (analyze) "${table}"`]),
    ["checkpoint", "checkpoint"],
  ];
  for (const [name, statement] of steps) {
    const started = performance.now();
    await db.execute(sql.raw(statement));
    took[name] = Math.round(performance.now() - started);
  }
  return took;
}

/** The next daily removal's time (03:00 UTC) and the next hour's start, after `now`. */
function nextTimes(now: Date) {
  const prune = new Date(now);
  prune.setUTCHours(3, 0, 0, 0);
  if (prune <= now) prune.setTime(prune.getTime() + dayMs);
  const vacuum = new Date(Math.floor(now.getTime() / hourMs) * hourMs + hourMs);
  return { prune, vacuum };
}

/**
 * Queues the next runs of the upkeep, once however many processes ask (each is keyed by its
 * time): each worker process asks at start and then every hour. The times are the system's, not
 * billing's clock, which a test shop may move ahead: then each run is due as soon as it is queued,
 * and still runs once per hour or day of real time.
 */
export async function scheduleUpkeep(db: Database, now: Date, embedded: boolean): Promise<void> {
  const { prune, vacuum } = nextTimes(now);
  await enqueue(db, "upkeep.prune", {}, { key: `upkeep.prune:${prune.toISOString()}`, runAt: prune });
  if (embedded) {
    await enqueue(db, "upkeep.vacuum", {}, { key: `upkeep.vacuum:${vacuum.toISOString()}`, runAt: vacuum });
  }
}

export type UpkeepContext = {
  db: Database;
  retention: Retention;
  /** The embedded database: nothing else vacuums it. */
  embedded: boolean;
  log: Pick<FastifyBaseLogger, "info">;
};

/** The handlers of the two upkeep jobs; what is old is counted in real time. */
export function upkeepHandlers({ db, retention, embedded, log }: UpkeepContext) {
  const vacuum = async () => {
    const took = await vacuumChurningTables(db);
    log.info({ took }, "tables vacuumed");
  };
  return {
    "upkeep.prune": async () => {
      const now = new Date();
      const pruned = await pruneOldRows(db, now, retention);
      log.info({ pruned }, "old rows removed");
      // Loses nothing: each past day's count is kept in one row instead of one per connection.
      const folded = await foldOrderDayCounts(db, now.toISOString().slice(0, 10));
      log.info({ folded }, "order day counts folded");
      const removed = Object.values(pruned).reduce((sum, count) => sum + count, 0);
      if (embedded && removed >= largeRemoval) await vacuum();
    },
    "upkeep.vacuum": async () => {
      if (embedded) await vacuum();
    },
  };
}
