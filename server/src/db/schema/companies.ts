// Client companies: the customer an order, its subscription and its documents belong to. A person
// who signs up alone is a company of one; its people each hold a client role (user.company_role).

import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, ownedBy, updatedAt } from "./common.js";

/** A person's client role in their company (the contract's `clientRoles`, docs/decisions/028). */
export const clientRoles = ["admin", "approver", "billing", "member"] as const;

export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The company's name; a company of one is named after its person until details are given. */
    name: text("name").notNull(),
    /** The postal address as it prints on documents (lines separated by newlines); "" until given. */
    address: text("address").notNull().default(""),
    /** The VAT or tax ID, if the company has one. */
    vatId: text("vat_id"),
    /** Where invoices and receipts go. */
    billingEmail: text("billing_email").notNull(),
    /** When someone first gave the company's details: from then on the pages speak of a company. */
    detailsGivenAt: timestamp("details_given_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("companies_name_not_blank", sql`length(trim(${table.name})) > 0`),
    // The Companies page searches by name and billing address, from the start of a word.
    index("companies_name_lower_idx").using("btree", sql`lower(${table.name}) text_pattern_ops`),
    index("companies_billing_email_lower_idx").using(
      "btree",
      sql`lower(${table.billingEmail}) text_pattern_ops`,
    ),
  ],
);

/**
 * A company as a document prints it (quotes, invoices, receipts, credit notes): copied when the
 * document is issued, so later edits of the company leave it be. Null on documents issued before
 * companies had details, or to a company that has given none: those print the person only.
 */
export type DocumentBuyer = { company: string; address: string[]; vatId: string | null };

/**
 * What the Companies page's search looks up: each word of a company's name (split at anything but
 * letters and digits, lower case), its billing e-mail and its VAT ID without spaces, lower case.
 * Kept by triggers on companies (migration 0066), never written by the server: a prefix is read
 * from the B-tree's own entries, however rare or common the word (docs/decisions/034).
 */
export const companySearchWords = pgTable(
  "company_search_words",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    word: text("word").notNull(),
    /** The company's name, lower case, as the page sorts it: a word's first page read from its entries. */
    sortName: text("sort_name").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.word] }),
    // Each word's entries kept in the order the page sorts by (bytes, `~<~`), so a word's first
    // companies by name are the first entries of its part of the index.
    index("company_search_words_word_idx").on(
      table.word.op("text_pattern_ops"),
      table.sortName.op("text_pattern_ops"),
      table.companyId,
    ),
  ],
);

export const companiesOwnedBy = ownedBy({ companies: [companies, companySearchWords] });
