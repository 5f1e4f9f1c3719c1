// The catalog: the services shown on the site and the pricing plans customers order.

import { sql } from "drizzle-orm";
import {
  boolean,
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
import { createdAt, ownedBy } from "./common.js";

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
    /** Days the agency takes to deliver once the brief is in (the order's due date). */
    turnaroundDays: integer("turnaround_days").notNull().default(7),
    /** The hours the agency expects a period's work to take (null: not said), in minutes. */
    expectedMinutes: integer("expected_minutes"),
    /** Whether the customer sees the hours spent on their order of this plan. */
    hoursToClient: boolean("hours_to_client").notNull().default(false),
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
    check("pricing_plans_turnaround_check", sql`${table.turnaroundDays} between 1 and 365`),
    check(
      "pricing_plans_expected_minutes_check",
      sql`${table.expectedMinutes} is null or ${table.expectedMinutes} between 1 and 600000`,
    ),
  ],
);

/**
 * What a customer may add to a plan at checkout (a rush delivery, an extra report): charged once
 * with the first payment, or every period with the plan's renewals. Orders copy an add-on into
 * their lines, so editing or removing it later leaves orders and renewals as they were bought.
 */
export const planAddons = pgTable(
  "plan_addons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => pricingPlans.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** Charged again with every renewal of the plan (true), or once with the first payment. */
    recurring: boolean("recurring").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    check("plan_addons_price_check", sql`${table.priceCents} > 0`),
    index("plan_addons_plan_position_idx").on(table.planId, table.position),
    // Two add-ons of a plan spelled the same would be one checkbox the customer cannot tell apart.
    uniqueIndex("plan_addons_plan_name_unique").on(table.planId, sql`lower(${table.name})`),
  ],
);

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const catalogOwnedBy = ownedBy({ catalog: [services, pricingPlans, planAddons] });
