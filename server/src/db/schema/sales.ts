// Custom work: quotes and invoices, their lines, their history, and their gap-free numbers.

import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { createdAt, ownedBy, updatedAt } from "./common.js";
import { companies, type DocumentBuyer } from "./companies.js";
import { orders } from "./orders.js";
import type { ReceiptSeller } from "./receipts.js";

export const salesKinds = ["quote", "invoice"] as const;

/**
 * What is stored; `expired` and `overdue` are read from the dates (see modules/sales), so a quote
 * expires at midnight whether or not anything runs then.
 */
export const storedSalesStates = [
  "draft",
  "sent",
  "viewed",
  "accepted",
  "declined",
  "paid",
  "void",
  "superseded",
] as const;

/** The last number given per kind and year, as receipt_counters does for receipts. */
export const salesCounters = pgTable(
  "sales_counters",
  {
    kind: text("kind", { enum: salesKinds }).notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.year] })],
);

/**
 * One revision of a quote or invoice. Revisions of one series share its first revision's id
 * (`series_id`), its number and its link's token; only a draft changes, and sending freezes it
 * (a trigger refuses changes to a sent revision's content).
 */
export const salesDocuments = pgTable(
  "sales_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: salesKinds }).notNull(),
    seriesId: uuid("series_id").notNull(),
    revision: integer("revision").notNull().default(1),
    /** Q-2026-0001, given when the first revision is sent; later revisions keep it. */
    number: text("number"),
    year: integer("year"),
    sequence: integer("sequence"),
    state: text("state", { enum: storedSalesStates }).notNull().default("draft"),
    /** The customer's account: the one with `email`, once it exists (set when it first opens the link). */
    userId: text("user_id").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    /** Lower case; only the account with this address may see, accept and pay it. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    /**
     * The client company it is addressed to: the addressee's, or one made from the address when
     * its account first opens it. Any of its people whose client role may act on it sees it too.
     */
    companyId: uuid("company_id").references((): AnyPgColumn => companies.id, { onDelete: "set null" }),
    /** The company as the document prints it, copied when it is sent (null: the person only). */
    buyer: jsonb("buyer").$type<DocumentBuyer>(),
    /** The agency as the letterhead printed it when sent (null: a draft, or sent before it was kept). */
    seller: jsonb("seller").$type<ReceiptSeller>(),
    note: text("note").notNull().default(""),
    validUntil: date("valid_until", { mode: "string" }),
    dueDate: date("due_date", { mode: "string" }),
    currency: text("currency").notNull().default("usd"),
    /** Every line once: what the payment charges. */
    totalCents: integer("total_cents").notNull(),
    /** The recurring lines: what the subscription renews at, each `recurring_interval`. */
    recurringCents: integer("recurring_cents").notNull().default(0),
    recurringInterval: text("recurring_interval", { enum: ["monthly", "yearly"] }),
    /** The customer's link (/quotes/{token}); the same for every revision of the series. */
    token: text("token").notNull(),
    /**
     * An invoice's existing order of the company it bills for (work already done), printed on it;
     * paying it never changes that order.
     */
    forOrderId: uuid("for_order_id").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    /** Paying it opens an order for the team (quotes by default); otherwise it only settles. */
    startsWork: boolean("starts_work").notNull().default(true),
    /** The order its payment makes (unpaid while the card form is open), when it starts work. */
    orderId: uuid("order_id").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    createdBy: text("created_by").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "sales_documents_state_check",
      sql`${table.state} in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'paid', 'void', 'superseded')`,
    ),
    check("sales_documents_kind_check", sql`${table.kind} in ('quote', 'invoice')`),
    uniqueIndex("sales_documents_series_revision_unique").on(table.seriesId, table.revision),
    // Gap-free and unique per kind and year: only first revisions take a number of their own.
    uniqueIndex("sales_documents_number_unique")
      .on(table.kind, table.year, table.sequence)
      .where(sql`${table.revision} = 1`),
    // A series has at most one draft revision being written.
    uniqueIndex("sales_documents_series_draft_unique")
      .on(table.seriesId)
      .where(sql`${table.state} = 'draft'`),
    index("sales_documents_token_idx").on(table.token),
    index("sales_documents_created_at_idx").on(table.createdAt, table.id),
    index("sales_documents_state_created_at_idx").on(table.state, table.createdAt),
    index("sales_documents_email_idx").on(table.email),
    index("sales_documents_order_idx").on(table.orderId),
    index("sales_documents_company_idx").on(table.companyId, table.createdAt),
  ],
);

export const salesDocumentLines = pgTable(
  "sales_document_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => salesDocuments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    recurring: text("recurring", { enum: ["monthly", "yearly"] }),
    /** A quote's line the client may tick; it counts in the total only once chosen. */
    optional: boolean("optional").notNull().default(false),
    /** An optional line the client ticked when accepting (false until then). */
    chosen: boolean("chosen").notNull().default(false),
  },
  (table) => [uniqueIndex("sales_document_lines_position_unique").on(table.documentId, table.position)],
);

/**
 * What happened to a revision, oldest first: created, edited, sent, viewed, accepted, declined,
 * paid, voided, revised, superseded, reminded. A reminder is written once per `note` (which one).
 */
export const salesDocumentEvents = pgTable(
  "sales_document_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => salesDocuments.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** Who did it, by name then (the account may go; the history stays readable). */
    actorId: text("actor_id"),
    actorName: text("actor_name"),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("sales_document_events_document_idx").on(table.documentId, table.at),
    uniqueIndex("sales_document_events_reminder_unique")
      .on(table.documentId, table.note)
      .where(sql`${table.kind} = 'reminded'`),
  ],
);

/** The bytes of a file kept in the database as they were made (a signed PDF). */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * How a quote was signed as it was accepted (a simple electronic signature): the name typed, the
 * account, the time, address and browser, the SHA-256 of the PDF shown, and the signed PDF (that
 * PDF with a signature page), kept unchanged. A signature is never changed or removed.
 */
export const salesSignatures = pgTable("sales_signatures", {
  documentId: uuid("document_id")
    .primaryKey()
    .references(() => salesDocuments.id, { onDelete: "restrict" }),
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
  ip: text("ip").notNull(),
  userAgent: text("user_agent").notNull(),
  pdfSha256: text("pdf_sha256").notNull(),
  signedPdf: bytes("signed_pdf").notNull(),
});

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const salesOwnedBy = ownedBy({
  sales: [salesCounters, salesDocuments, salesDocumentLines, salesDocumentEvents, salesSignatures],
});
