// An order's work once paid: its state changes, the brief, the message thread and the files.

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { pricingPlans } from "./catalog.js";
import { createdAt, ownedBy } from "./common.js";
import { orderStates, orders } from "./orders.js";

export const participantRoles = ["customer", "admin"] as const;

/**
 * The work an order's customer paid for, one period at a time: period 1 is the purchase, and each
 * renewal of a monthly or yearly plan adds the next. A renewal paid while the previous period's
 * work is still under way waits (`opened_at` null) until that work is complete. The brief is
 * carried over from the period before; the customer confirms it (or edits it) for this period.
 * The history, messages and files of an order record the period they were written in.
 */
export const orderPeriods = pgTable(
  "order_periods",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** 1 for the purchase, one more per renewal. */
    number: integer("number").notNull(),
    /** The first day paid for (the payment, or the renewal's period start). */
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** When its work opened (the order went back to "submitted"); null while it waits. */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /** The brief's answers for this period: carried over when it opened, then as confirmed or edited. */
    brief: jsonb("brief").$type<StoredBriefAnswer[]>(),
    briefConfirmedAt: timestamp("brief_confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.number] }),
    check("order_periods_number_check", sql`${table.number} > 0`),
  ],
);

/** Every change of an order's state: from, to, who (their name and role then), when, and why. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromState: text("from_state", { enum: orderStates }),
    toState: text("to_state", { enum: orderStates }).notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role", { enum: participantRoles }).notNull(),
    note: text("note"),
    /** The order's work period this change belongs to (see order_periods). */
    period: integer("period").notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.createdAt)],
);

/** The intake questions: a plan's own, or the defaults (plan_id null) for plans without. */
export const briefQuestions = pgTable(
  "brief_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    planId: uuid("plan_id").references(() => pricingPlans.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    kind: text("kind", { enum: ["text", "url", "textarea"] }).notNull(),
    required: boolean("required").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    check("brief_questions_kind_check", sql`${table.kind} in ('text', 'url', 'textarea')`),
    index("brief_questions_plan_idx").on(table.planId, table.position),
  ],
);

export type StoredBriefAnswer = { questionId: string; label: string; value: string };

/** A paid order's brief, as the customer answered it (labels copied from the questions then). */
export const orderBriefs = pgTable("order_briefs", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  answers: jsonb("answers").$type<StoredBriefAnswer[]>().notNull(),
  submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An order's thread. Bodies are plain text; internal notes are for admins only. */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    authorRole: text("author_role", { enum: participantRoles }).notNull(),
    body: text("body").notNull(),
    internal: boolean("internal").notNull().default(false),
    /** The order's work period it was written in. */
    period: integer("period").notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [index("messages_order_created_at_idx").on(table.orderId, table.createdAt)],
);

/** Up to when each user has read each thread; unread counts are the others' messages after it. */
export const messageReads = pgTable(
  "message_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.orderId] })],
);

/**
 * A file uploaded to an order: kept in the file storage under `storageKey`, attached to a message
 * or a delivery (an order event) once one names it; until then only its uploader may use it.
 */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    uploaderId: text("uploader_id").references(() => user.id, { onDelete: "set null" }),
    storageKey: text("storage_key").notNull().unique(),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    contentType: text("content_type").notNull(),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "set null" }),
    eventId: uuid("event_id").references(() => orderEvents.id, { onDelete: "set null" }),
    /** The order's work period it was uploaded in. */
    period: integer("period").notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [
    check("files_size_check", sql`${table.size} > 0`),
    index("files_order_idx").on(table.orderId),
    index("files_message_idx").on(table.messageId),
    index("files_event_idx").on(table.eventId),
  ],
);

/**
 * The team's reply templates: a message with variables ({{customer.name}}, {{order.number}}, …)
 * filled in for an order when a member inserts it in its thread.
 */
export const replyTemplates = pgTable("reply_templates", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  body: text("body").notNull(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const workflowOwnedBy = ownedBy({
  orders: [orderPeriods, orderEvents],
  workflow: [briefQuestions, orderBriefs],
  messages: [messages, messageReads, replyTemplates],
  files: [files],
});
