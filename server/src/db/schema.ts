import { relations, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ─── Better Auth (core tables + admin plugin fields) ────────────────────────────────────────────
// Column names follow Better Auth's defaults; the role column holds "admin" or null (SPEC §3 User).

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Accounts are looked up by address regardless of case (roles, admin status, payment history).
  (table) => [
    index("user_email_lower_idx").on(sql`lower(${table.email})`),
    // The admin list: newest first, a page at a time (keyset on created_at, id).
    index("user_created_at_id_idx").on(table.createdAt, table.id),
    // The admin list's search and role filter (see docs/decisions/017).
    index("user_email_lower_prefix_idx").using("btree", sql`lower(${table.email}) text_pattern_ops`),
    index("user_name_lower_prefix_idx").using("btree", sql`lower(${table.name}) text_pattern_ops`),
    index("user_name_words_idx").using("gin", sql`to_tsvector('simple', ${table.name})`),
    index("user_role_created_at_id_idx").on(table.role, table.createdAt, table.id),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

// Better Auth reads a session and its user in one query through these (advanced.database.joins).
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

/** Shared rate-limit counters, so several app instances count together. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  /** Milliseconds since the epoch, as Better Auth stores it. */
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Who changed whose role, and when (grants and revocations, from the dashboard or the CLI). */
export const roleChanges = pgTable(
  "role_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The admin who made the change; null when it came from configuration or the command line. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    targetId: text("target_id").references(() => user.id, { onDelete: "set null" }),
    targetEmail: text("target_email").notNull(),
    fromRole: text("from_role"),
    toRole: text("to_role"),
    createdAt: createdAt(),
  },
  (table) => [index("role_changes_created_at_idx").on(table.createdAt)],
);

// ─── Catalog ────────────────────────────────────────────────────────────────────────────────────

export const services = pgTable("services", {
  id: uuid("id").primaryKey().defaultRandom(),
  image: text("image").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  position: integer("position").notNull().default(0),
  /** Archived services leave the public pages; the editor can bring them back. */
  archivedAt: timestamp("archived_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const pricingPlans = pgTable(
  "pricing_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The plan's quality label: Standard, Premium, Extended. */
    service: text("service").notNull(),
    newPriceCents: integer("new_price_cents").notNull(),
    oldPriceCents: integer("old_price_cents").notNull(),
    monthLabel: text("month_label").notNull(),
    duration: text("duration", { enum: ["monthly", "yearly"] }).notNull(),
    title: text("title").notNull(),
    backgroundColor: text("background_color").notNull(),
    color: text("color").notNull(),
    featureNames: jsonb("feature_names").$type<string[]>().notNull(),
    featureDetails: jsonb("feature_details").$type<string[]>().notNull(),
    /** Tick (true) or cross (false) beside each feature, in the same order. */
    featureIncluded: jsonb("feature_included").$type<boolean[]>().notNull(),
    highlighted: boolean("highlighted").notNull().default(false),
    position: integer("position").notNull().default(0),
    /** Until an admin edits the plan's brief questions, it asks the default ones (plan_id null). */
    ownBriefQuestions: boolean("own_brief_questions").notNull().default(false),
    /**
     * A plan that has orders is archived instead of deleted: it leaves the public pages and cannot
     * be ordered, and its orders and subscriptions keep it.
     */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("pricing_plans_duration_check", sql`${table.duration} in ('monthly', 'yearly')`),
    check("pricing_plans_prices_check", sql`${table.newPriceCents} >= 0 and ${table.oldPriceCents} >= 0`),
  ],
);

// ─── Customers' records ─────────────────────────────────────────────────────────────────────────

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    comment: text("comment").notNull(),
    profilePicture: text("profile_picture"),
    /** The paid order the review is about: one review per order (none for the demo reviews). */
    orderId: uuid("order_id").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    /** Hidden by an admin: kept, but not on the public pages. */
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("reviews_created_at_id_idx").on(table.createdAt, table.id),
    uniqueIndex("reviews_order_unique").on(table.orderId),
    // Manage Reviews' search and hidden filter (see docs/decisions/017).
    index("reviews_hidden_created_at_id_idx").on(table.hidden, table.createdAt, table.id),
    index("reviews_email_lower_prefix_idx").using("btree", sql`lower(${table.email}) text_pattern_ops`),
    index("reviews_name_lower_prefix_idx").using("btree", sql`lower(${table.name}) text_pattern_ops`),
    index("reviews_name_words_idx").using("gin", sql`to_tsvector('simple', ${table.name})`),
  ],
);

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
    planId: uuid("plan_id")
      .notNull()
      .references(() => pricingPlans.id, { onDelete: "restrict" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** Snapshot of the plan at order time, so later catalog edits do not rewrite history. */
    service: text("service").notNull(),
    serviceDuration: text("service_duration").notNull(),
    /** What the customer pays: the plan's price then, less the promo code's discount. */
    priceCents: integer("price_cents").notNull(),
    /** The plan's price before the discount (null on orders placed before promo codes existed). */
    listPriceCents: integer("list_price_cents"),
    discountCents: integer("discount_cents").notNull().default(0),
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
    // ...and a word of the name; the plan and paid filters, alone or with a state, keep their
    // keyset order through these (see docs/decisions/017).
    index("orders_name_words_idx").using("gin", sql`to_tsvector('simple', ${table.name})`),
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
    // All Orders: newest first; its pages follow (created_at, id) backwards through this index.
    index("orders_created_at_id_idx").on(table.createdAt, table.id),
    // The Overview's orders bought per plan over twelve months: those months' entries only.
    index("orders_payment_time_plan_idx").on(table.paymentTime, table.planId),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    provider: text("provider").notNull(),
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
    createdAt: createdAt(),
  },
  (table) => [
    // Exactly one payment per provider transaction and per period, however often it is reported.
    uniqueIndex("payments_transaction_unique").on(table.provider, table.transactionId),
    uniqueIndex("payments_subscription_period_unique").on(table.subscriptionId, table.periodStart),
    index("payments_order_idx").on(table.orderId),
    index("payments_user_idx").on(table.userId),
    // The Overview's revenue by month and by plan read the entries of twelve months from this
    // index alone (amount and order beside the time), and the newest payment tells whether the
    // figures it keeps are still current (see docs/decisions/019).
    index("payments_payment_time_idx").on(table.paymentTime, table.amountCents, table.orderId),
    // ...and the payments export reads them newest first, a batch at a time (keyset on created_at, id).
    index("payments_created_at_id_idx").on(table.createdAt, table.id),
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
    planId: uuid("plan_id")
      .notNull()
      .references(() => pricingPlans.id, { onDelete: "restrict" }),
    interval: text("interval", { enum: ["monthly", "yearly"] }).notNull(),
    /**
     * The price each renewal charges before any discount: the plan's price when it was bought. A
     * later price change moves it only when the owner applies the change to renewals.
     */
    priceCents: integer("price_cents").notNull(),
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
    // The Overview's latest cancellations.
    index("subscriptions_canceled_at_idx").on(table.canceledAt),
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
  orderId: uuid("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
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

// ─── Content and leads ──────────────────────────────────────────────────────────────────────────

export const blogs = pgTable(
  "blogs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    topic: text("topic").notNull(),
    /** The post's page is /blogs/{slug}. */
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    /** Markdown, rendered on the server without raw HTML. */
    body: text("body").notNull().default(""),
    /** An article elsewhere that the public list links to instead of the hosted page. */
    blogLink: text("blog_link"),
    img: text("img").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("blogs_created_at_idx").on(table.createdAt),
    uniqueIndex("blogs_slug_idx").on(table.slug),
  ],
);

/** Contact messages, home query-form requests and newsletter sign-ups. */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["contact", "query", "newsletter"] }).notNull(),
    name: text("name"),
    email: text("email").notNull(),
    website: text("website"),
    message: text("message"),
    /** Newsletter sign-ups count once the address owner opened the mailed confirmation link. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("leads_kind_check", sql`${table.kind} in ('contact', 'query', 'newsletter')`),
    // One newsletter subscription per address, even when two sign-ups arrive at once.
    uniqueIndex("leads_newsletter_email_unique")
      .on(sql`lower(${table.email})`)
      .where(sql`${table.kind} = 'newsletter'`),
    index("leads_created_at_id_idx").on(table.createdAt, table.id),
    // The admin list's search (see docs/decisions/017).
    index("leads_email_lower_prefix_idx").using("btree", sql`lower(${table.email}) text_pattern_ops`),
    index("leads_name_lower_prefix_idx").using("btree", sql`lower(${table.name}) text_pattern_ops`),
    index("leads_name_words_idx").using("gin", sql`to_tsvector('simple', ${table.name})`),
  ],
);

/**
 * How many rows the admin lists count (orders, paid orders, users, reviews, leads), kept by
 * statement triggers in the same transaction as every insert, update and delete, so counting a
 * million orders reads a few rows. A count is the sum of its slots: each connection adds to the
 * slot of its backend, so concurrent writers do not queue on one row. See `readRowCounts`.
 */
export const rowCounts = pgTable(
  "row_counts",
  {
    name: text("name").notNull(),
    slot: smallint("slot").notNull(),
    value: bigint("value", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.name, table.slot] })],
);

/** Facts about this installation, e.g. whether the demo content was seeded once already. */
export const appState = pgTable("app_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

// ─── Background jobs ────────────────────────────────────────────────────────────────────────────

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
  ],
);

/** Addresses that turned off optional mail (owner notifications, reminders); essential mail still goes. */
export const mailOptOuts = pgTable("mail_opt_outs", {
  /** Lower-cased. */
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

// ─── Receipts ───────────────────────────────────────────────────────────────────────────────────

/** The last receipt number given out per year; its row lock keeps the numbers gap-free. */
export const receiptCounters = pgTable("receipt_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

export type ReceiptSeller = {
  name: string;
  address: string[];
  email: string;
  phone: string | null;
  logo: string;
  taxId: string | null;
};

/**
 * One per payment, issued in the payment's transaction and never changed afterwards (a trigger
 * refuses updates and deletes). Everything on it is copied, so later edits elsewhere leave it be.
 */
export const receipts = pgTable(
  "receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** R-2026-00042 */
    number: text("number").notNull().unique(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    paymentId: uuid("payment_id").notNull(),
    orderId: uuid("order_id").notNull(),
    orderNumber: integer("order_number").notNull(),
    userId: text("user_id").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    service: text("service").notNull(),
    serviceDuration: text("service_duration").notNull(),
    /** The time paid for: a plan's period (null for a one-off service and on a credit note). */
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    /** The plan's price before a promo code's discount; amount = list price - discount. */
    listPriceCents: integer("list_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    promoCode: text("promo_code"),
    amountCents: integer("amount_cents").notNull(),
    /** The tax included in the amount, at the rate below. */
    taxCents: integer("tax_cents").notNull(),
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull(),
    currency: text("currency").notNull(),
    provider: text("provider").notNull(),
    transactionId: text("transaction_id").notNull(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    seller: jsonb("seller").$type<ReceiptSeller>().notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("receipts_payment_unique").on(table.paymentId),
    uniqueIndex("receipts_year_sequence_unique").on(table.year, table.sequence),
    index("receipts_user_idx").on(table.userId),
    index("receipts_order_idx").on(table.orderId),
  ],
);

// ─── Order workflow, brief, messages and files ─────────────────────────────────────────────────

export const participantRoles = ["customer", "admin"] as const;

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
    createdAt: createdAt(),
  },
  (table) => [
    check("files_size_check", sql`${table.size} > 0`),
    index("files_order_idx").on(table.orderId),
    index("files_message_idx").on(table.messageId),
    index("files_event_idx").on(table.eventId),
  ],
);

// ─── Site content ──────────────────────────────────────────────────────────────────────────────

/**
 * What the owner edited in the dashboard: the site identity (`key` "identity") and the page texts
 * ("texts"), each a whole document checked by the contract. A key with no row keeps its default.
 */
export const siteContent = pgTable("site_content", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

// ─── Promo codes ────────────────────────────────────────────────────────────────────────────────

/**
 * Discounts the owner hands out (DESIGN "Beyond the spec" 9). `value` is a percentage (1–100) or
 * an amount in cents. `uses` counts the orders placed with the code; the order's insert and the
 * count's increment share a transaction, and the increment only succeeds below `max_uses`.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
    value: integer("value").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validTo: timestamp("valid_to", { withTimezone: true }),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    /** One plan, or every plan when null. */
    planId: uuid("plan_id").references(() => pricingPlans.id, { onDelete: "cascade" }),
    /** first: the first payment only; every: the first payment and every renewal. */
    appliesTo: text("applies_to", { enum: ["first", "every"] }).notNull(),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("promo_codes_code_unique").on(sql`upper(${table.code})`),
    check("promo_codes_kind_check", sql`${table.kind} in ('percent', 'fixed')`),
    check("promo_codes_applies_to_check", sql`${table.appliesTo} in ('first', 'every')`),
    check(
      "promo_codes_value_check",
      sql`${table.value} > 0 and (${table.kind} = 'fixed' or ${table.value} <= 100)`,
    ),
    check("promo_codes_uses_check", sql`${table.uses} >= 0`),
  ],
);

// ─── Audit log ──────────────────────────────────────────────────────────────────────────────────

/** Who did something: an admin (e-mail kept), a customer (id only) or the system (a label). */
export const auditActorTypes = ["admin", "customer", "system"] as const;

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
    /** An admin's e-mail then, or the system's name ("command line"); null for a customer. */
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
    check("audit_log_actor_type_check", sql`${table.actorType} in ('admin', 'customer', 'system')`),
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
