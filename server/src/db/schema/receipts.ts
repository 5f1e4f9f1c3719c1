// Receipts: gap-free numbers per year, and one receipt per payment, never changed once issued.

import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ownedBy } from "./common.js";
import type { DocumentBuyer } from "./companies.js";

export const receiptCounters = pgTable("receipt_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * Credit notes are numbered apart from receipts, gap-free per year (CN-2026-0001). Those issued
 * before this series existed keep the receipt number they were issued with.
 */
export const creditNoteCounters = pgTable("credit_note_counters", {
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
    /** R-2026-00042; a credit note CN-2026-0001 (one issued before that series: R-…). */
    number: text("number").notNull().unique(),
    /** A payment's receipt, or a refund's credit note. */
    kind: text("kind").$type<"receipt" | "credit_note">().notNull().default("receipt"),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    paymentId: uuid("payment_id").notNull(),
    /** The order paid for; null on an invoice's receipt, which names the invoice instead. */
    orderId: uuid("order_id"),
    orderNumber: integer("order_number"),
    /** The invoice revision paid (all or part of) and its number, when no order was paid. */
    salesDocumentId: uuid("sales_document_id"),
    documentNumber: text("document_number"),
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
    /** The receipt a credit note gives money back of, as it was numbered (null on a receipt). */
    creditsReceiptId: uuid("credits_receipt_id"),
    creditsNumber: text("credits_number"),
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
    // Each series counts its own year: receipts (and the credit notes numbered with them before
    // credit notes had their own series), and credit notes.
    uniqueIndex("receipts_year_sequence_unique")
      .on(table.year, table.sequence)
      .where(sql`${table.number} LIKE 'R-%'`),
    uniqueIndex("credit_notes_year_sequence_unique")
      .on(table.year, table.sequence)
      .where(sql`${table.number} LIKE 'CN-%'`),
    index("receipts_user_idx").on(table.userId),
    index("receipts_order_idx").on(table.orderId),
  ],
);

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const receiptsOwnedBy = ownedBy({ billing: [receiptCounters, creditNoteCounters, receipts] });
