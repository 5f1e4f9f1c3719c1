import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { pricingPlans } from "./catalog.js";
import { createdAt, ownedBy, updatedAt } from "./common.js";

/**
 * Discounts the owner hands out (DESIGN "Beyond the spec" 9). `value` is a percentage (1–100) or
 * an amount in cents. `uses` counts the orders placed with a code that has a limit (`max_uses`):
 * the order's insert and the count's increment share a transaction, and an order is placed only
 * while the count is below the limit. The code's other uses are in `promo_code_uses`.
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

/**
 * Uses of a code counted beside its row, each database connection in a slot of its own: the uses
 * of a code without a limit, and uses given back by deleted orders. Orders placed at once with
 * one code then do not wait for each other on its row. A code's uses are its row's `uses` plus
 * the sum of its slots (see the promo module's `usesOf`).
 */
export const promoCodeUses = pgTable(
  "promo_code_uses",
  {
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    slot: smallint("slot").notNull(),
    uses: integer("uses").notNull(),
  },
  (table) => [primaryKey({ columns: [table.promoCodeId, table.slot] })],
);

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const promoCodesOwnedBy = ownedBy({ promo: [promoCodes, promoCodeUses] });
