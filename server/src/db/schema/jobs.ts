// Work done outside requests, and the addresses that turned off optional mail.

import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, ownedBy, updatedAt } from "./common.js";

/**
 * Work done after a request, outside it (e-mails for now). A job is written in the same
 * transaction as the change that causes it, so it exists exactly when its cause does; workers
 * claim due jobs with FOR UPDATE SKIP LOCKED, so each runs on one instance at a time.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** queued (waiting for runAt), running, done, or dead (out of attempts; lastError says why). */
    status: text("status", { enum: ["queued", "running", "done", "dead"] })
      .notNull()
      .default("queued"),
    /** Enqueuing a second job with the same key does nothing, which makes fan-outs safe to repeat. */
    key: text("key"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(10),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("jobs_status_check", sql`${table.status} in ('queued', 'running', 'done', 'dead')`),
    uniqueIndex("jobs_key_unique").on(table.key),
    index("jobs_due_idx").on(table.runAt).where(sql`${table.status} = 'queued'`),
    index("jobs_created_at_idx").on(table.createdAt),
    // The daily upkeep removes finished jobs by when they finished.
    index("jobs_finished_idx").on(table.finishedAt).where(sql`${table.status} = 'done'`),
    // The worker's sweep for jobs whose worker vanished reads the few running ones, not every job.
    index("jobs_running_idx").on(table.lockedAt).where(sql`${table.status} = 'running'`),
  ],
);

/** Addresses that turned off optional mail (owner notifications, reminders); essential mail still goes. */
export const mailOptOuts = pgTable("mail_opt_outs", {
  /** Lower-cased. */
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const jobsOwnedBy = ownedBy({ jobs: [jobs], mail: [mailOptOuts] });
