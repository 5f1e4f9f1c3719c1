import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, ownedBy } from "./common.js";

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

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const leadsOwnedBy = ownedBy({ leads: [leads] });
