// Facts about this installation, and the row counts the admin lists read.

import { bigint, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { ownedBy, updatedAt } from "./common.js";

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

/** Who writes these tables; no other part of the server inserts, updates or deletes them. */
export const appStateOwnedBy = ownedBy({ db: [rowCounts], auth: [appState] });
