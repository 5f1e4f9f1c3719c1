// Money: payments and refunds, the monthly figures kept from them, subscriptions, and the offline
// test provider's own records.

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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { pricingPlans } from "./catalog.js";
import { createdAt, ownedBy, updatedAt } from "./common.js";
import { orders } from "./orders.js";
import { salesDocuments } from "./sales.js";

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order it paid for; null for an invoice's payment, which opens no order (decision 029). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    /** The invoice revision it settles (all or part of), when it pays an invoice rather than an order. */
    salesDocumentId: uuid("sales_document_id").references((): AnyPgColumn => salesDocuments.id, {
      onDelete: "restrict",
    }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** "stripe" or "test" for a card; "recorded" for money the agency received another way. */
    provider: text("provider").notNull(),
    /** How recorded money came in: bank_transfer, cash, other (null for a card). */
    method: text("method"),
    /** The payer's reference of a recorded payment (a bank transfer's), as the agency typed it. */
    reference: text("reference"),
    /** The team member who recorded it (null for a card). */
    recordedBy: text("recorded_by"),
    transactionId: text("transaction_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    paymentTime: timestamp("payment_time", { withTimezone: true }).notNull(),
    /** The subscription period this payment paid for (every payment of a plan pays one). */
    subscriptionId: uuid("subscription_id").references((): AnyPgColumn => subscriptions.id, {
      onDelete: "restrict",
    }),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    /**
     * The plan of the payment's order, copied by a trigger when the payment is recorded, so the
     * money a plan brought in is summed without the orders (see plan_months).
     */
    planId: uuid("plan_id"),
    /** A refund is a negative payment; this is the payment it gives money back for. */
    refundOf: uuid("refund_of").references((): AnyPgColumn => payments.id, { onDelete: "restrict" }),
    /** Why the money was given back (a refund's own; null for a payment). */
    refundReason: text("refund_reason"),
    createdAt: createdAt(),
  },
  (table) => [
    // Exactly one payment per provider transaction and per period, however often it is reported.
    uniqueIndex("payments_transaction_unique").on(table.provider, table.transactionId),
    uniqueIndex("payments_subscription_period_unique").on(table.subscriptionId, table.periodStart),
    index("payments_order_idx").on(table.orderId),
    index("payments_sales_document_idx").on(table.salesDocumentId),
    check(
      "payments_pays_something",
      sql`${table.orderId} is not null or ${table.salesDocumentId} is not null`,
    ),
    index("payments_user_idx").on(table.userId),
    // The Overview's revenue by month and by plan read the entries of twelve months from this
    // index alone (amount and order beside the time), and the newest payment tells whether the
    // figures it keeps are still current (see docs/decisions/019).
    index("payments_payment_time_idx").on(table.paymentTime, table.amountCents, table.orderId),
    // ...and the payments export reads them newest first, a batch at a time (keyset on created_at, id).
    index("payments_created_at_id_idx").on(table.createdAt, table.id),
    // What is left of a payment to refund: its refunds, summed under the payment's row lock.
    index("payments_refund_of_idx").on(table.refundOf),
  ],
);

/**
 * Per calendar month (UTC) and plan: the money taken less refunds, and the orders paid. Kept by
 * triggers on payments and orders in the same transaction as every change to them (migration
 * 0022), so the Overview reads a few hundred rows instead of a year of payments.
 */
export const planMonths = pgTable(
  "plan_months",
  {
    month: date("month").notNull(),
    planId: uuid("plan_id").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull().default(0),
    paidOrders: integer("paid_orders").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.month, table.planId] })],
);

/**
 * A paid order of a monthly or yearly plan renews every period until it ends. `canceled` means the
 * customer cancelled: it runs until the period's end, then ends (resuming before then undoes it).
 * `past_due`: a renewal failed and is retried; the period does not move on until one succeeds.
 */
export const subscriptionStatuses = ["active", "past_due", "canceled", "ended"] as const;

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The order's plan; null for custom work's recurring lines. */
    planId: uuid("plan_id").references(() => pricingPlans.id, { onDelete: "restrict" }),
    interval: text("interval", { enum: ["monthly", "yearly"] }).notNull(),
    /**
     * The price each renewal charges before any discount: the plan's price when it was bought. A
     * later price change moves it only when the owner applies the change to renewals.
     */
    priceCents: integer("price_cents").notNull(),
    /**
     * What the order's other recurring lines (add-ons charged every period) add to each renewal,
     * at the prices they were bought at; a plan's price change leaves it be.
     */
    recurringLinesCents: integer("recurring_lines_cents").notNull().default(0),
    /** A promo code that discounts every renewal: its percentage or fixed amount, as it was then. */
    renewalPercentOff: integer("renewal_percent_off"),
    renewalAmountOffCents: integer("renewal_amount_off_cents"),
    status: text("status", { enum: subscriptionStatuses }).notNull().default("active"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** Periods are counted from here, so a plan bought on the 31st renews on each month's last day. */
    anchorAt: timestamp("anchor_at", { withTimezone: true }).notNull(),
    /** 0 for the first paid period, one more per renewal. */
    periodNumber: integer("period_number").notNull().default(0),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    provider: text("provider").notNull(),
    /** The provider's subscription (Stripe Billing); null for the offline provider. */
    providerSubscriptionId: text("provider_subscription_id"),
    /** When the newest provider event applied to it was created: older ones arriving late are ignored. */
    providerEventAt: timestamp("provider_event_at", { withTimezone: true }),
    /** The saved card renewals are charged to (a test payment method, or Stripe's pm_…). */
    paymentMethodId: text("payment_method_id"),
    /** Failed renewal attempts of the current period. */
    failureCount: integer("failure_count").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** When the customer cancelled (null again once resumed), and the reason they gave, if any. */
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("subscriptions_status_check", sql`${table.status} in ('active', 'past_due', 'canceled', 'ended')`),
    uniqueIndex("subscriptions_order_unique").on(table.orderId),
    uniqueIndex("subscriptions_provider_unique").on(table.provider, table.providerSubscriptionId),
    index("subscriptions_user_idx").on(table.userId),
    // The Overview's latest cancellations (newest first, by id among equal times: the index's own
    // order, so the first few entries answer), and its churn: the subscriptions that started or
    // stopped (cancelled, ended) in the months it compares, read from these ranges alone.
    index("subscriptions_canceled_at_idx").on(table.canceledAt, table.id),
    index("subscriptions_anchor_at_idx").on(table.anchorAt),
    index("subscriptions_ended_at_idx").on(table.endedAt),
    // The Overview's past-due list: the few whose renewal is being retried, in the list's order.
    index("subscriptions_past_due_idx")
      .on(table.currentPeriodEnd, table.id)
      .where(sql`${table.status} = 'past_due'`),
  ],
);

/**
 * A renewal that was declined: one row per subscription period whose charge failed (at its first
 * failure; the retries of the same period add none), kept when the period is paid later or the
 * subscription ends, so the Overview counts the failed renewals of a month.
 */
export const renewalFailures = pgTable(
  "renewal_failures",
  {
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** The period that was paid when its renewal failed (the subscription's `period_number` then). */
    periodNumber: integer("period_number").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.periodNumber] }),
    index("renewal_failures_failed_at_idx").on(table.failedAt),
  ],
);

/** The offline provider's saved cards (last four digits only), charged again for renewals. */
export const testPaymentMethods = pgTable("test_payment_methods", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  cardBrand: text("card_brand").notNull(),
  cardLast4: text("card_last4").notNull(),
  /** Stripe's 4000 0000 0000 0341: the card is saved, and later charges are declined. */
  declinesLaterCharges: boolean("declines_later_charges").notNull().default(false),
  createdAt: createdAt(),
});

/**
 * The offline test provider's own records: what Stripe would keep on its side. Card numbers are
 * never stored, only the last four digits of the card that paid.
 */
export const testPaymentIntents = pgTable("test_payment_intents", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull(),
  orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
  /** The invoice it pays, when it pays one that opens no order. */
  salesDocumentId: uuid("sales_document_id").references((): AnyPgColumn => salesDocuments.id, {
    onDelete: "cascade",
  }),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  status: text("status", { enum: ["requires_payment_method", "succeeded"] }).notNull(),
  cardLast4: text("card_last4"),
  cardBrand: text("card_brand"),
  /** The card saved by this payment, for the renewals of the order's plan. */
  paymentMethodId: text("payment_method_id"),
  lastError: text("last_error"),
  succeededAt: timestamp("succeeded_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const billingOwnedBy = ownedBy({
  billing: [payments, planMonths, subscriptions, renewalFailures],
  "payment-providers": [testPaymentMethods, testPaymentIntents],
});
