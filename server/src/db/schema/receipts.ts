// Receipts: gap-free numbers per year, and one receipt per payment, never changed once issued.

import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ownedBy } from "./common.js";
import type { DocumentBuyer } from "./companies.js";

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

/** One line of what a payment paid for, as the receipt shows it. */
export type ReceiptLineItem = {
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
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
    /** The client company as it printed then (null: the person only, as before companies had details). */
    buyer: jsonb("buyer").$type<DocumentBuyer>(),
    service: text("service").notNull(),
    serviceDuration: text("service_duration").notNull(),
    /** The time paid for: a plan's period (null for a one-off service and on a credit note). */
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    /**
     * What the payment paid for, line by line (the plan, its add-ons); their amounts add up to the
     * list price. Null on a credit note and on receipts issued before lines were kept: the plan's line.
     */
    lines: jsonb("lines").$type<ReceiptLineItem[]>(),
    /** The lines' sum before a promo code's discount; amount = list price - discount. */
    listPriceCents: integer("list_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    promoCode: text("promo_code"),
    /** Why the money was given back (a credit note only), as the owner wrote it. */
    refundReason: text("refund_reason"),
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

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const receiptsOwnedBy = ownedBy({ billing: [receiptCounters, receipts] });
