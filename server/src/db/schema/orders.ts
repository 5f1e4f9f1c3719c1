// Orders: what a customer bought, at which price, and where the agency's work on it stands.

import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { pricingPlans } from "./catalog.js";
import { createdAt, ownedBy } from "./common.js";
import { companies } from "./companies.js";
import { promoCodes } from "./promo-codes.js";

/** Where a paid order is in the agency's work (see contract OrderState). */
export const orderStates = ["submitted", "in_progress", "delivered", "complete", "cancelled"] as const;

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The short number a customer quotes (shown as "#1001"). */
    number: integer("number").notNull().unique().generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * The client company the order belongs to: every person of it sees the order within their
     * client role (null only for an order a member of the team placed for themselves).
     */
    companyId: uuid("company_id").references((): AnyPgColumn => companies.id, { onDelete: "restrict" }),
    /** The catalog plan bought; null for custom work (a paid quote or invoice). */
    planId: uuid("plan_id").references(() => pricingPlans.id, { onDelete: "restrict" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** Snapshot of the plan at order time, so later catalog edits do not rewrite history. */
    service: text("service").notNull(),
    serviceDuration: text("service_duration").notNull(),
    /** What the customer pays: the order's lines then (see order_lines), less the promo code's discount. */
    priceCents: integer("price_cents").notNull(),
    /** The sum of the order's lines before the discount (null on orders placed before promo codes existed). */
    listPriceCents: integer("list_price_cents"),
    /**
     * What each renewal charges when it is not the price: custom work's recurring lines (its first
     * payment is every line once). Null: renewals charge the list price.
     */
    renewalPriceCents: integer("renewal_price_cents"),
    discountCents: integer("discount_cents").notNull().default(0),
    /**
     * The currency the order was priced in (lower case ISO 4217): the shop's when it was placed.
     * Its payments, refunds, renewals and receipts keep it, whatever the shop sells in later.
     */
    currency: text("currency").notNull().default("usd"),
    promoCodeId: uuid("promo_code_id").references((): AnyPgColumn => promoCodes.id, { onDelete: "set null" }),
    /** The code as the customer entered it, kept when the code is later edited or deleted. */
    promoCode: text("promo_code"),
    phone: text("phone").notNull(),
    paid: boolean("paid").notNull().default(false),
    /** The provider's payment (intent) opened for this order, reused until it succeeds. */
    paymentIntentId: text("payment_intent_id"),
    /** Stripe Billing: the subscription opened with that payment (its first invoice's). */
    providerSubscriptionId: text("provider_subscription_id"),
    transactionId: text("transaction_id"),
    paymentTime: timestamp("payment_time", { withTimezone: true }),
    /** When the plan's subscription ended: from then on the customer may order the plan again. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The agency's work on it (see order_events); null while unpaid. */
    state: text("state", { enum: orderStates }),
    /** The team member doing the work (null: nobody yet); their account stays when they leave. */
    assigneeId: text("assignee_id").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    /** When the work is due: the plan's turnaround from the brief, or as a member set it. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    /** When the order last became complete (null while it is not). */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "orders_state_check",
      sql`${table.state} in ('submitted', 'in_progress', 'delivered', 'complete', 'cancelled')`,
    ),
    // All Orders filtered by state keeps its keyset order through this index.
    index("orders_state_created_at_id_idx").on(table.state, table.createdAt, table.id),
    // All Orders' search: the start of a customer's e-mail or name, whatever the case.
    index("orders_email_lower_prefix_idx").using("btree", sql`lower(${table.email}) text_pattern_ops`),
    index("orders_name_lower_prefix_idx").using("btree", sql`lower(${table.name}) text_pattern_ops`),
    // ...and a word of the name through order_search_words, below; the plan and paid filters,
    // alone or with a state, keep their keyset order through these (see docs/decisions/017).
    index("orders_plan_created_at_id_idx").on(table.planId, table.createdAt, table.id),
    index("orders_state_plan_created_at_id_idx").on(table.state, table.planId, table.createdAt, table.id),
    index("orders_paid_created_at_id_idx").on(table.paid, table.createdAt, table.id),
    // One order per customer and plan they hold (unpaid, or its subscription not ended yet).
    uniqueIndex("orders_user_plan_held_unique")
      .on(table.userId, table.planId)
      .where(sql`${table.endedAt} is null`),
    index("orders_email_lower_idx").on(sql`lower(${table.email})`),
    // A customer's own orders, newest first, and the cascade when an account is deleted: the
    // partial index above does not serve them, and without this they read every order.
    index("orders_user_created_at_idx").on(table.userId, table.createdAt),
    // A company's orders, newest first, a page at a time (its people's lists and counts).
    index("orders_company_created_at_id_idx").on(table.companyId, table.createdAt, table.id),
    // All Orders: newest first; its pages follow (created_at, id) backwards through this index.
    index("orders_created_at_id_idx").on(table.createdAt, table.id),
    // The Overview's orders bought per plan over twelve months: those months' entries only.
    index("orders_payment_time_plan_idx").on(table.paymentTime, table.planId),
    // A member's assigned orders, newest first, and the board's columns per assignee.
    index("orders_assignee_created_at_id_idx").on(table.assigneeId, table.createdAt, table.id),
    // A member's counts (total and paid) over their assigned orders, read from the index alone.
    index("orders_assignee_paid_idx").on(table.assigneeId, table.paid),
    // The work board's columns (the states being worked on): most urgent first, in all, per
    // assignee and per plan, each read a column's cards deep (see modules/board).
    index("orders_board_state_due_idx")
      .on(table.state, table.dueAt, table.number)
      .where(sql`${table.state} in ('submitted', 'in_progress', 'delivered')`),
    index("orders_board_assignee_due_idx")
      .on(table.assigneeId, table.state, table.dueAt, table.number)
      .where(sql`${table.state} in ('submitted', 'in_progress', 'delivered')`),
    index("orders_board_plan_due_idx")
      .on(table.planId, table.state, table.dueAt, table.number)
      .where(sql`${table.state} in ('submitted', 'in_progress', 'delivered')`),
    // The Workload page's week: the assigned open orders by due date, with what it sums.
    index("orders_open_due_idx")
      .on(table.dueAt, table.assigneeId, table.planId)
      .where(
        sql`${table.state} in ('submitted', 'in_progress', 'delivered') and ${table.assigneeId} is not null`,
      ),
    // ...and its complete column: the orders completed lately, newest first.
    index("orders_board_completed_idx")
      .on(table.completedAt, table.number)
      .where(sql`${table.state} = 'complete'`),
    index("orders_board_assignee_completed_idx")
      .on(table.assigneeId, table.completedAt, table.number)
      .where(sql`${table.state} = 'complete'`),
    index("orders_board_plan_completed_idx")
      .on(table.planId, table.completedAt, table.number)
      .where(sql`${table.state} = 'complete'`),
  ],
);

/** What an order line is: the plan bought, an add-on of it, or custom work (a quote's line). */
export const orderLineKinds = ["plan", "addon", "custom"] as const;

/**
 * What an order is made of, in the order it is shown: their amounts add up to the order's list
 * price (orders.list_price_cents), from which a promo code's discount is taken. Written in the
 * order's transaction and never changed; each line is a copy, so catalog edits leave it as it was.
 * Orders placed before lines existed have none and are shown as their plan's line.
 */
export const orderLines = pgTable(
  "order_lines",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** 0 for the first line. */
    position: integer("position").notNull(),
    kind: text("kind", { enum: orderLineKinds }).notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitCents: integer("unit_cents").notNull(),
    /** quantity x unit, before any discount. */
    amountCents: integer("amount_cents").notNull(),
    /**
     * Charged again with every renewal of the order's subscription (the plan itself, add-ons
     * charged every period); false: with the first payment only.
     */
    recurring: boolean("recurring").notNull().default(false),
    /**
     * The plan add-on the line was copied from. Only a note of where it came from: the line keeps
     * its own description and price, and the id stays when the add-on is removed (no foreign key,
     * so placing an order checks and locks nothing more per line).
     */
    addonId: uuid("addon_id"),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check("order_lines_kind_check", sql`${table.kind} in ('plan', 'addon', 'custom')`),
    check(
      "order_lines_amount_check",
      sql`${table.quantity} >= 1 and ${table.unitCents} >= 0 and ${table.amountCents} = ${table.quantity} * ${table.unitCents}`,
    ),
  ],
);

/**
 * A client's choice to follow an order's mails, or not. Without a row, the one who ordered and the
 * company's Admins follow it (db/order-followers.ts); a row turns that on for another colleague
 * (`follows`) or off for one of them.
 */
export const orderFollows = pgTable(
  "order_follows",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    follows: boolean("follows").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.userId] })],
);

/**
 * What All Orders' search looks up: each word of an order's name (as the 'simple' text search
 * configuration splits it, lower case) and its whole e-mail, lower case. Kept by triggers on
 * orders (migration 0065), never written by the server. A B-tree over the words answers a prefix
 * by reading its own entries, and its statistics tell a rare word from a common one, which a GIN
 * index over the names could not (docs/decisions/034).
 */
export const orderSearchWords = pgTable(
  "order_search_words",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    word: text("word").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.word] }),
    index("order_search_words_word_idx").on(table.word.op("text_pattern_ops"), table.orderId),
  ],
);

/**
 * How many orders were placed on each day (UTC): all of them (`key` ""), and those of each state
 * ("state:delivered"), plan ("plan:<id>"), state and plan ("state_plan:delivered:<id>") and
 * payment ("paid:true"). Kept by the orders' count trigger (migration 0069), never written by the
 * server. A numbered page deep in All Orders, with no filter or one of these, finds where it
 * starts by adding up days from the newest, then skipping within one day, rather than walking
 * every order above it (docs/decisions/042). Each connection adds to its own slot, as
 * `row_counts` does.
 */
export const orderDayCounts = pgTable(
  "order_day_counts",
  {
    key: text("key").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    slot: smallint("slot").notNull(),
    value: bigint("value", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.day, table.slot] })],
);

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const ordersOwnedBy = ownedBy({
  orders: [orders, orderLines, orderFollows, orderSearchWords, orderDayCounts],
});
