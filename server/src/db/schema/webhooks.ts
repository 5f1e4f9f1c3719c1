// Outgoing webhooks and chat notices: where they go, what was sent, and each delivery's fate.

import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, ownedBy, updatedAt } from "./common.js";

/** An address the shop calls: signed JSON events (`webhook`) or readable notices (`chat`). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["webhook", "chat"] }).notNull(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** The event types a webhook wants; a chat gets every owner notice and keeps this empty. */
    events: text("events").array().notNull().default(sql`'{}'::text[]`),
    /** `whsec_<base64>`: signs every delivery (Standard Webhooks). Null for a chat. */
    secret: text("secret"),
    enabled: boolean("enabled").notNull().default(true),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    /** The first failure since the last success; a day of nothing but failures disables it. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check("webhook_endpoints_kind_check", sql`${table.kind} in ('webhook', 'chat')`)],
);

/**
 * One event as it is sent: its id (the `webhook-id` header, the same on every attempt and resend),
 * the object it is about (deliveries of one object go out in order), and the exact body. It is
 * written in the transaction of its cause with the endpoints it goes to (`fanOut`); the delivery
 * worker then makes a delivery for each, in the order of `seq`, and clears `fanOut`.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    type: text("type").notNull(),
    objectKey: text("object_key").notNull(),
    body: text("body").notNull(),
    /** The endpoints still to be given a delivery of this event; null once they have one. */
    fanOut: uuid("fan_out").array(),
    createdAt: createdAt(),
  },
  (table) => [
    index("webhook_events_fan_out_idx").on(table.seq).where(sql`${table.fanOut} is not null`),
    index("webhook_events_created_at_idx").on(table.createdAt),
  ],
);

/**
 * An event's delivery to one endpoint, and the delivery worker's queue. It is attempted only once
 * every earlier delivery of the same object to the same endpoint is delivered or given up (`seq`
 * orders them). A worker claims it for an attempt by writing its name and the time (`lockedBy`,
 * `lockedAt`, renewed while the call lasts): one whose worker died is claimed again once that
 * lease has run out, and sends the same event again.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    objectKey: text("object_key").notNull(),
    /** pending, delivered, or failed (given up after a day, or its endpoint was turned off). */
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms"),
    error: text("error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** Not before this time (a retry); due at once when null. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** It is tried for a day from its first attempt. */
    firstAttemptAt: timestamp("first_attempt_at", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("webhook_deliveries_status_check", sql`${table.status} in ('pending', 'delivered', 'failed')`),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.seq),
    index("webhook_deliveries_queue_idx")
      .on(table.endpointId, table.objectKey, table.seq)
      .where(sql`${table.status} = 'pending'`),
    index("webhook_deliveries_event_idx").on(table.eventId),
    index("webhook_deliveries_pending_idx").on(table.seq).where(sql`${table.status} = 'pending'`),
    // The daily upkeep removes delivered ones by when they were delivered.
    index("webhook_deliveries_delivered_idx").on(table.deliveredAt).where(sql`${table.status} = 'delivered'`),
  ],
);

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const webhooksOwnedBy = ownedBy({ webhooks: [webhookEndpoints, webhookEvents, webhookDeliveries] });
