import { and, desc, eq, gt, inArray, lt, ne, notInArray, type SQL, sql } from "drizzle-orm";
import { deleteInBatches } from "../db/batched-delete.js";
import type { Database } from "../db/client.js";
import { jobs } from "../db/schema.js";
import type { Mail } from "../mail/mailer.js";

export type JobRow = typeof jobs.$inferSelect;
export type JobStatus = JobRow["status"];

/** What each kind of job carries; a handler of that kind receives it back. */
export interface JobPayloads {
  /**
   * One e-mail, rendered when it was queued (its Message-ID comes from the job); once sent, only
   * `to`, `subject` and `fromName` are kept (see `keptWhenDone`).
   */
  "mail.send": Omit<Mail, "messageId">;
  /** A customer placed an order: their confirmation and the owners' notice. */
  "mail.order-placed": { orderId: string };
  /** A payment was recorded: the customer's receipt mail and the owners' notice. */
  "mail.payment-received": { paymentId: string };
  /** A contact message or website query: the owners' notice. */
  "mail.lead-received": { leadId: string };
  /** A newsletter sign-up: the mail with the confirmation link. */
  "mail.newsletter-confirmation": { leadId: string };
  /** Renews (or, once cancelled, ends) a subscription; one job per period and attempt. */
  "subscription.renew": { subscriptionId: string; periodNumber: number; attempt: number };
  /** Part of a payment was given back (the order goes on): the customer's mail with its credit note. */
  "mail.refund-issued": { paymentId: string };
  /** A renewal was declined: the customer is asked to update the card. */
  "mail.subscription-payment-failed": { subscriptionId: string };
  /** The customer cancelled: when it ends. */
  "mail.subscription-canceled": { subscriptionId: string };
  /** The last retry failed and the subscription ended. */
  "mail.subscription-ended": { subscriptionId: string };
  /** An order changed state: the customer's mail (see order_events). */
  "mail.order-state": { eventId: string };
  /**
   * New messages on an order's thread for one recipient: one mail of what is still unread when
   * it runs (at the end of a 10-minute window; keyed by thread, recipient and window).
   */
  "mail.order-messages": { orderId: string; recipient: "customer" | "agency"; until: string };
  /** An order was assigned to a team member: their notice (`assignedBy` is who gave it, by name). */
  "mail.order-assigned": { orderId: string; assigneeId: string; assignedBy: string };
  /** A plan's new price now applies to this subscription's renewals: its customer's notice. */
  "mail.plan-price-changed": { subscriptionId: string; oldPriceCents: number; newPriceCents: number };
  /** A quote or invoice was sent: the customer's mail with its link (`label` names it, to `email`). */
  "mail.sales-sent": { documentId: string; label: string; email: string };
  /** The customer accepted or declined a quote: the owners' notice. */
  "mail.sales-answered": { documentId: string; label: string };
  /**
   * One of an unpaid invoice's reminders: 3 days before its due day, on the day, 3 days after.
   * Sent once each, and not at all once the invoice is paid, voided or revised. "overdue" mails
   * nothing: run as the due day ends, it announces the invoice overdue (once).
   */
  "sales.invoice-reminder": {
    documentId: string;
    label: string;
    email: string;
    which: "before" | "due" | "after" | "overdue";
  };
  /** An upload no message or delivery took within a day: it is removed with its bytes. */
  "file.discard-unattached": { fileId: string };
  /** An order's due date has come: the team is told if its work is not finished. */
  "order.due-check": { orderId: string; dueAt: string };
  /** A rule's actions for one event on an order (run once per rule and event: `eventKey`). */
  "automation.run": { ruleId: string; orderId: string; eventKey: string };
  /** A delivery's wait for approval is over: the rule runs if it is still waiting then. */
  "automation.approval-check": { ruleId: string; orderId: string; deliveredAt: string };
  /** Every delivery to an endpoint failed for a day and it was turned off: the owners' notice. */
  "mail.webhook-disabled": { endpointId: string };
  /** The day's removal of old rows nothing needs any more (see upkeep.ts). */
  "upkeep.prune": Record<string, never>;
  /** The hour's vacuum of the embedded database's churning tables (see upkeep.ts). */
  "upkeep.vacuum": Record<string, never>;
}

export type JobKind = keyof JobPayloads;

export type EnqueueOptions = {
  /** Not before this time (a scheduled job); now when unset. */
  runAt?: Date;
  /** Unique: a second job with the same key is not created. */
  key?: string;
  maxAttempts?: number;
};

/**
 * Queues a job. Pass the transaction that makes the change the job is about, so the job is
 * committed with it or not at all. Answers the job's id, or null when its key was taken.
 */
export async function enqueue<K extends JobKind>(
  db: Database,
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions = {},
): Promise<string | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      payload: payload as Record<string, unknown>,
      key: options.key,
      runAt: options.runAt,
      maxAttempts: options.maxAttempts,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/**
 * The part of one SQL statement that queues a job for each row of `source`, a data-modifying CTE
 * of that statement (`payload` is built from its columns). The jobs then commit with the change
 * that causes them, in one round trip and without a transaction around two statements.
 */
export function enqueueEach<K extends JobKind>(kind: K, source: string, payload: SQL): SQL {
  return sql`insert into ${jobs} (kind, payload) select ${kind}, ${payload} from ${sql.identifier(source)}`;
}

/**
 * Claims up to `limit` due jobs for one worker. SKIP LOCKED lets several workers on one
 * PostgreSQL take disjoint sets without waiting on each other.
 */
/** Which kinds of job a worker takes: only these, or all but these. */
export type JobKindFilter = { only: JobKind[] } | { except: JobKind[] };

function kindWhere(kinds: JobKindFilter | undefined) {
  if (!kinds) return undefined;
  return "only" in kinds ? inArray(jobs.kind, kinds.only) : notInArray(jobs.kind, kinds.except);
}

export async function claimDueJobs(
  db: Database,
  workerId: string,
  limit: number,
  now: Date,
  kinds?: JobKindFilter,
): Promise<JobRow[]> {
  // The clock counts whole milliseconds and the database microseconds: a job queued for "now" in
  // the clock's current millisecond (12:00:00.123456 against 12:00:00.123) is due already.
  const dueBefore = new Date(now.getTime() + 1);
  // A CTE runs once: as a plain IN (subquery), the planner may run the LIMIT again per row.
  const due = db.$with("due").as(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, "queued"), lt(jobs.runAt, dueBefore), kindWhere(kinds)))
      .orderBy(jobs.runAt)
      .limit(limit)
      .for("update", { skipLocked: true }),
  );
  return db
    .with(due)
    .update(jobs)
    .set({
      status: "running",
      lockedAt: sql`now()`,
      lockedBy: workerId,
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(inArray(jobs.id, db.select({ id: due.id }).from(due)))
    .returning();
}

const mine = (job: JobRow, workerId: string) =>
  and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId));

/**
 * What a finished job keeps of its payload, for the kinds that carry secrets. A mail's body holds
 * its links, and each is a key: a team invitation's (only its hash is kept elsewhere), a quote's
 * or invoice's page, an unsubscribe link. Once the mail has gone, what it was and to whom is kept,
 * which is what the jobs page shows; a job that failed for good keeps it all, to be tried again.
 * A kind listed nowhere here keeps its payload: the other kinds carry ids, never links.
 */
const keptWhenDone: { [K in JobKind]?: readonly (keyof JobPayloads[K])[] } = {
  "mail.send": ["to", "subject", "fromName"],
};

/** The payload a finished job keeps (see `keptWhenDone`), or undefined to keep it as it is. */
function finishedPayload(job: Pick<JobRow, "kind" | "payload">): Record<string, unknown> | undefined {
  const kept = keptWhenDone[job.kind as JobKind] as readonly string[] | undefined;
  if (!kept) return undefined;
  return Object.fromEntries(Object.entries(job.payload).filter(([field]) => kept.includes(field)));
}

export async function completeJob(db: Database, job: JobRow, workerId: string): Promise<void> {
  const payload = finishedPayload(job);
  await db
    .update(jobs)
    .set({
      status: "done",
      finishedAt: sql`now()`,
      lockedAt: null,
      lockedBy: null,
      ...(payload ? { payload } : {}),
    })
    .where(mine(job, workerId));
}

/** A failed attempt: again at `retryAt`, or dead with the error once attempts run out. */
export async function failJob(
  db: Database,
  job: JobRow,
  workerId: string,
  error: string,
  retryAt: Date,
): Promise<JobStatus> {
  const dead = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      status: dead ? "dead" : "queued",
      lastError: error.slice(0, 2000),
      runAt: dead ? job.runAt : retryAt,
      finishedAt: dead ? sql`now()` : null,
      lockedAt: null,
      lockedBy: null,
    })
    .where(mine(job, workerId));
  return dead ? "dead" : "queued";
}

/** Hands jobs a stopping worker did not finish back to the queue, the attempt not counted. */
export async function releaseJobs(db: Database, ids: string[], workerId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({
      status: "queued",
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedAt: null,
      lockedBy: null,
    })
    .where(and(inArray(jobs.id, ids), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)));
}

/**
 * A running worker renews the lease of the jobs it holds, so a long job is never taken for one
 * whose worker died. The database's clock stamps every lease: instances need not agree on time.
 */
export async function renewLeases(db: Database, ids: string[], workerId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ lockedAt: sql`now()` })
    .where(and(inArray(jobs.id, ids), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)));
}

/**
 * Jobs whose worker vanished (killed, machine lost) stay "running" and their lease is no longer
 * renewed; once it has run out they are queued again, or dead if that was their last attempt.
 */
export async function reclaimStaleJobs(db: Database, leaseMs: number): Promise<number> {
  const stale = await db
    .update(jobs)
    .set({
      status: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'dead' else 'queued' end`,
      lastError: sql`coalesce(${jobs.lastError}, 'The worker stopped while running this job.')`,
      finishedAt: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then now() end`,
      lockedAt: null,
      lockedBy: null,
    })
    .where(
      and(
        eq(jobs.status, "running"),
        lt(jobs.lockedAt, sql`now() - ${leaseMs}::integer * interval '1 millisecond'`),
      ),
    )
    .returning({ id: jobs.id });
  return stale.length;
}

/** An admin's retry: a dead or waiting job runs again now, with a fresh set of attempts. */
export async function retryJob(db: Database, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: "queued", runAt: sql`now()`, attempts: 0, finishedAt: null })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ["queued", "dead"])))
    .returning();
  return row;
}

/** "retrying" is a waiting job that failed before. */
export type JobFilter = JobStatus | "retrying";

function filterWhere(filter: JobFilter | undefined) {
  if (!filter) return undefined;
  if (filter === "retrying") return and(eq(jobs.status, "queued"), gt(jobs.attempts, 0));
  return eq(jobs.status, filter);
}

export async function listJobs(
  db: Database,
  options: { status?: JobFilter; limit: number; offset: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const where = filterWhere(options.status);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function jobCounts(db: Database): Promise<Record<JobFilter, number>> {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${jobs.status} = 'queued')::int`,
      running: sql<number>`count(*) filter (where ${jobs.status} = 'running')::int`,
      done: sql<number>`count(*) filter (where ${jobs.status} = 'done')::int`,
      dead: sql<number>`count(*) filter (where ${jobs.status} = 'dead')::int`,
      retrying: sql<number>`count(*) filter (where ${jobs.status} = 'queued' and ${jobs.attempts} > 0)::int`,
    })
    .from(jobs);
  return row ?? { queued: 0, running: 0, done: 0, dead: 0, retrying: 0 };
}

/**
 * Mail to a deleted account's address (`email` in lower case), sent or waiting: its copy in the
 * queue goes (a running one finishes). Matched as a whole JSON string, so "xa@b.com" is not taken
 * for "a@b.com".
 */
export async function dropMailTo(db: Database, email: string): Promise<void> {
  await db
    .delete(jobs)
    .where(
      and(
        ne(jobs.status, "running"),
        sql`position(${JSON.stringify(email)} in lower(${jobs.payload}::text)) > 0`,
      ),
    );
}

/**
 * Jobs done before `before` go, a batch at a time (the daily upkeep). Dead ones stay for their
 * retry button, and queued ones (a renewal a month ahead) are not finished.
 */
export function pruneFinishedJobs(db: Database, before: Date): Promise<number> {
  return deleteInBatches(db, jobs, jobs.id, sql`${jobs.status} = 'done' and ${jobs.finishedAt} < ${before}`);
}
