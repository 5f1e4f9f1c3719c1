import type { AdminOrderList, AdminOrdersQuery } from "@agency/contract";
import { count, desc, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { ordersWithSubscriptions } from "../order-access/service.js";

/** One page of orders, newest first, and the counts over every order (one query each). */
export async function listAllOrders(db: Database, { page, size }: AdminOrdersQuery): Promise<AdminOrderList> {
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(size)
      .offset(page * size),
    db
      .select({ total: count(), paid: sql<number>`count(*) filter (where ${orders.paid})`.mapWith(Number) })
      .from(orders),
  ]);
  const total = counts?.total ?? 0;
  const paid = counts?.paid ?? 0;
  return { orders: await ordersWithSubscriptions(db, rows), counts: { total, paid, unpaid: total - paid } };
}
