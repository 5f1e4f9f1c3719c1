import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { ownedBy } from "./common.js";

export const auditActorTypes = ["admin", "customer", "system", "api_key"] as const;

/**
 * Every change of a role, price, plan, promo code, order state, refund, deletion and export: who,
 * what, when, before and after. Rows are only ever appended (triggers refuse updates, deletes and
 * truncation), numbered without gaps, and each one's hash covers its contents and the hash of the
 * row before, so a row changed or removed by hand breaks the chain (docs/decisions/018).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    /** 1, 2, 3…: handed out from `audit_head` under its row lock, so a gap is a removed row. */
    id: bigint("id", { mode: "number" }).primaryKey(),
    /** Milliseconds, as JavaScript dates hold them, so the hash reads back what it was made from. */
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull(),
    actorType: text("actor_type", { enum: auditActorTypes }).notNull(),
    /** The account's id; no foreign key, since deleting an account must not rewrite its rows. */
    actorId: text("actor_id"),
    /** An admin's e-mail then, an API key's name, or the system's name ("command line"); null for a customer. */
    actorLabel: text("actor_label"),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    /** What the subject was called then (order "#1001", a plan's title); never a person's data. */
    subjectLabel: text("subject_label"),
    before: jsonb("before"),
    after: jsonb("after"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [
    check(
      "audit_log_actor_type_check",
      sql`${table.actorType} in ('admin', 'customer', 'system', 'api_key')`,
    ),
    // The admin page: newest first, all or of one action (keyset on at, id).
    index("audit_log_at_id_idx").on(table.at, table.id),
    index("audit_log_action_at_id_idx").on(table.action, table.at, table.id),
    index("audit_log_subject_idx").on(table.subjectType, table.subjectId),
    index("audit_log_actor_idx").on(table.actorId),
  ],
);

/**
 * The chain's head, one row: the last id and hash written. Appends lock it (FOR UPDATE) in the
 * transaction of the change they record, so concurrent appends queue instead of forking the chain.
 */
export const auditHead = pgTable(
  "audit_head",
  {
    only: boolean("only").primaryKey().default(true),
    lastId: bigint("last_id", { mode: "number" }).notNull(),
    lastHash: text("last_hash").notNull(),
  },
  (table) => [check("audit_head_one_row_check", sql`${table.only}`)],
);

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const auditOwnedBy = ownedBy({ audit: [auditLog, auditHead] });
