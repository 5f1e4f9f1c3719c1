import type { Table } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

// Column helpers shared by the tables of every domain.

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * The part of the server that writes a table: a module (`modules/<name>`) or an infrastructure
 * folder (`auth`, `jobs`, `mail`, `payment-providers`, `db`). Only the owner inserts, updates or
 * deletes its tables; the others ask it through its face. `npm run lint` checks it
 * (server/test/table-owners.ts).
 */
export type TableOwner =
  | "api-keys"
  | "audit"
  | "auth"
  | "automations"
  | "billing"
  | "blogs"
  | "catalog"
  | "companies"
  | "content"
  | "db"
  | "files"
  | "jobs"
  | "leads"
  | "mail"
  | "messages"
  | "orders"
  | "payment-providers"
  | "promo"
  | "reviews"
  | "sales"
  | "team"
  | "time"
  | "webhooks"
  | "workflow";

/** Each owner's tables, declared beside their schema: `ownedBy({ orders: [orders, orderLines] })`. */
export function ownedBy(
  owners: Partial<Record<TableOwner, readonly Table[]>>,
): ReadonlyMap<Table, TableOwner> {
  return new Map(
    Object.entries(owners).flatMap(([owner, tables]) =>
      (tables ?? []).map((table) => [table, owner as TableOwner] as const),
    ),
  );
}
