import { centsToDollars, isId, type Order, type Subscription } from "@agency/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { notFound } from "../../errors.js";
import { isAdmin, type SessionUser } from "../../plugins/authz.js";
import { subscriptionsOfOrders } from "../billing/subscriptions/service.js";

/**
 * Who may see which order, shared by the orders and payments modules so neither imports the other.
 */
export type OrderRow = typeof orders.$inferSelect;

export function toOrder(row: OrderRow, subscription: Subscription | null = null): Order {
  return {
    _id: row.id,
    number: row.number,
    email: row.email,
    name: row.name,
    service: row.service,
    serviceId: row.planId,
    serviceDuration: row.serviceDuration,
    currentPrice: centsToDollars(row.priceCents),
    discount: centsToDollars(row.discountCents),
    promoCode: row.promoCode,
    currentDate: row.createdAt.toISOString(),
    phone: row.phone,
    paid: row.paid,
    transactionId: row.transactionId,
    paymentTime: row.paymentTime?.toISOString() ?? null,
    subscription,
    state: row.state,
  };
}

/** Orders as the API shows them, each with its subscription (one query for all of them). */
export async function ordersWithSubscriptions(db: Database, rows: OrderRow[]): Promise<Order[]> {
  const byOrder = await subscriptionsOfOrders(
    db,
    rows.filter((row) => row.paid).map((row) => row.id),
  );
  return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? null));
}

/** The order if the caller may see it (its customer, or an admin); otherwise it does not exist. */
export async function findVisibleOrder(db: Database, caller: SessionUser, id: string): Promise<OrderRow> {
  if (!isId(id)) throw notFound("The order");
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || (row.userId !== caller.id && !isAdmin(caller))) throw notFound("The order");
  return row;
}

/** The caller's own order: paying is for the customer who ordered, admins included. */
export async function findOwnOrder(db: Database, caller: SessionUser, id: string): Promise<OrderRow> {
  if (!isId(id)) throw notFound("The order");
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, caller.id)));
  if (!row) throw notFound("The order");
  return row;
}
