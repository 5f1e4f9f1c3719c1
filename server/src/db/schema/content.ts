// What the public pages show besides the catalog: the edited site content, blog posts and reviews.

import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { createdAt, ownedBy, updatedAt } from "./common.js";
import { orders } from "./orders.js";

/**
 * What the owner edited in the dashboard: the site identity (`key` "identity"), the page texts
 * ("texts") and the shop's currency ("currency": its code and locale), each a whole document
 * checked by the contract. A key with no row keeps its default.
 */
export const siteContent = pgTable("site_content", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

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

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const contentOwnedBy = ownedBy({ content: [siteContent], blogs: [blogs], reviews: [reviews] });
