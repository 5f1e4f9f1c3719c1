import type { AdminOrderList, AdminOrdersQuery, AdminPaymentDetails } from "@agency/contract";
import { count, desc, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import type { SessionUser } from "../../plugins/authz.js";
import { findPaymentForOrder } from "../payments/service.js";
import { findVisibleOrder, toOrder } from "./service.js";

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
  return { orders: rows.map(toOrder), counts: { total, paid, unpaid: total - paid } };
}

/** SPEC §2 /dashboard/admin/payment/{_id}: the order and, once paid, its payment. */
export async function paymentDetails(
  db: Database,
  admin: SessionUser,
  orderId: string,
): Promise<AdminPaymentDetails> {
  const order = await findVisibleOrder(db, admin, orderId);
  const payment = await findPaymentForOrder(db, order.id);
  const { _id, name, email, service, serviceDuration, currentPrice, currentDate, phone, paid } =
    toOrder(order);
  return {
    order: { _id, name, email, service, serviceDuration, currentPrice, currentDate, phone, paid },
    payment,
  };
}
