import type { AdminOrderList, AdminOrdersQuery } from "@agency/contract";
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { newestFirstPage } from "../../db/keyset.js";
import { readRowCounts } from "../../db/row-counts.js";
import { orders } from "../../db/schema.js";
import { ordersWithSubscriptions } from "../order-access/service.js";

/** `%` and `_` typed by the admin are letters, not patterns. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The state filter and the search: an order number ("1001", "#1001") matches that order; any
 * other text the start of the customer's e-mail or name, whatever the case (both indexed with
 * text_pattern_ops, so the matches are found through the indexes, not by reading every order).
 */
function filterOf(query: AdminOrdersQuery): SQL | undefined {
  const state =
    query.state === undefined
      ? undefined
      : query.state === "unpaid"
        ? eq(orders.paid, false)
        : eq(orders.state, query.state);
  const text = query.search?.trim().toLowerCase();
  if (!text) return state;
  const number = /^#?(\d{1,9})$/.exec(text)?.[1];
  const prefix = `${escapeLike(text)}%`;
  const search = number
    ? eq(orders.number, Number(number))
    : or(sql`lower(${orders.email}) like ${prefix}`, sql`lower(${orders.name}) like ${prefix}`);
  return and(state, search);
}

/** One page of orders, newest first, and the counts over every order (kept by triggers). */
export async function listAllOrders(db: Database, query: AdminOrdersQuery): Promise<AdminOrderList> {
  const filter = filterOf(query);
  const [page, counts] = await Promise.all([
    newestFirstPage(orders, query, (plan) =>
      db
        .select({ row: orders, cursor: plan.cursor })
        .from(orders)
        .where(and(filter, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit),
    ),
    readRowCounts(db, ["orders", "orders_paid"]),
  ]);
  const total = counts.orders;
  const paid = counts.orders_paid;
  return {
    orders: await ordersWithSubscriptions(db, page.rows),
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
    counts: { total, paid, unpaid: total - paid },
  };
}
