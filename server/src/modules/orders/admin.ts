import type { AdminOrderList, AdminOrdersQuery } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { newestFirstPage } from "../../db/keyset.js";
import { readRowCounts } from "../../db/row-counts.js";
import { orders } from "../../db/schema.js";
import { ordersWithSubscriptions } from "../order-access/service.js";

/** One page of orders, newest first, and the counts over every order (kept by triggers). */
export async function listAllOrders(db: Database, query: AdminOrdersQuery): Promise<AdminOrderList> {
  const [page, counts] = await Promise.all([
    newestFirstPage(orders, query, (plan) =>
      db
        .select({ row: orders, cursor: plan.cursor })
        .from(orders)
        .where(plan.where)
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
