import type { AdminOrderList, AdminOrdersQuery, OrdersExportQuery } from "@agency/contract";
import { and, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { newestFirstPage, wholeRows } from "../../db/keyset.js";
import { countMatches, createdOnDays, nameOrEmailSearch } from "../../db/list-search.js";
import { readRowCounts } from "../../db/row-counts.js";
import { orders } from "../../db/schema.js";
import { ordersWithSubscriptions } from "./present.js";

/**
 * The filters and the search: an order number ("1001", "#1001") matches that order; any other
 * text the start of the customer's e-mail, of their name or of a word in it, whatever the case.
 * Each combination is served by an index that keeps the newest-first order (see migration 0019
 * and docs/decisions/017), so a page reads its own rows, not every order that matches.
 */
export function adminOrderFilter(query: OrdersExportQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.state === "unpaid") conditions.push(eq(orders.paid, false));
  else if (query.state !== undefined) conditions.push(eq(orders.state, query.state));
  if (query.paid !== undefined) conditions.push(eq(orders.paid, query.paid === "true"));
  if (query.plan !== undefined) conditions.push(eq(orders.planId, query.plan));
  conditions.push(...createdOnDays(orders.createdAt, query));
  const text = (query.q ?? query.search)?.trim();
  if (text) {
    const number = /^#?(\d{1,9})$/.exec(text)?.[1];
    conditions.push(number ? eq(orders.number, Number(number)) : nameOrEmailSearch(orders, text));
  }
  const present = conditions.filter((condition) => condition !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

/**
 * One page of orders, newest first, and the counts over every order (kept by triggers); a
 * searched or filtered list also says how many orders match, up to 1,000.
 */
export async function listAllOrders(db: Database, query: AdminOrdersQuery): Promise<AdminOrderList> {
  const filter = adminOrderFilter(query);
  const [page, counts, matches] = await Promise.all([
    newestFirstPage(orders, query, wholeRows(db, orders), filter),
    readRowCounts(db, ["orders", "orders_paid"]),
    filter ? countMatches(db, orders, filter) : undefined,
  ]);
  const total = counts.orders;
  const paid = counts.orders_paid;
  return {
    orders: await ordersWithSubscriptions(db, page.rows),
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
    counts: { total, paid, unpaid: total - paid },
    ...(matches ? { matches } : {}),
  };
}
