import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { createdAt, ownedBy, updatedAt } from "./common.js";
import { orders } from "./orders.js";
import { salesDocuments } from "./sales.js";

/**
 * Time a member of the team spent on an order: a timer (started, then stopped) or an entry written
 * by hand (a day and a duration). A running timer has no end and no minutes yet; each member has
 * at most one running.
 */
export const timeEntries = pgTable(
  "time_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The day the work was done (the timer's start day, in UTC). */
    day: date("day").notNull(),
    /** A timer's start and end; null for an entry written by hand. */
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Whole minutes; null while the timer runs. */
    minutes: integer("minutes"),
    note: text("note").notNull().default(""),
    billable: boolean("billable").notNull().default(true),
    /**
     * The invoice (a draft, then sent) its time was billed on; null while unbilled. Deleting the
     * draft leaves the entry unbilled again.
     */
    billedDocumentId: uuid("billed_document_id").references((): AnyPgColumn => salesDocuments.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One running timer per member, however close together two starts arrive.
    uniqueIndex("time_entries_one_running_unique")
      .on(table.memberId)
      .where(sql`${table.startedAt} is not null and ${table.endedAt} is null`),
    index("time_entries_order_day_idx").on(table.orderId, table.day),
    index("time_entries_member_day_idx").on(table.memberId, table.day),
    check(
      "time_entries_minutes_check",
      sql`(${table.minutes} is null and ${table.endedAt} is null and ${table.startedAt} is not null) or (${table.minutes} between 1 and 1440)`,
    ),
  ],
);

/**
 * A member of the team's week and rate: the hours they work in a week (their workload is set
 * against it) and what an hour of their billable time is invoiced at.
 */
export const memberSettings = pgTable(
  "member_settings",
  {
    memberId: text("member_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Null: the default week (40 hours). */
    weeklyMinutes: integer("weekly_minutes"),
    /** In the shop's currency's minor units; null: no rate set. */
    hourlyRateCents: integer("hourly_rate_cents"),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("member_settings_minutes_check", sql`${table.weeklyMinutes} between 0 and 10080`),
    check("member_settings_rate_check", sql`${table.hourlyRateCents} >= 0`),
  ],
);

export const timeOwnedBy = ownedBy({ time: [timeEntries, memberSettings] });
