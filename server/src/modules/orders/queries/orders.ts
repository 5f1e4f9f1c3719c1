import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { clientOrdersOf } from "../../../auth/order-access.js";
import type { SessionUser } from "../../../auth/session.js";
import type { Database } from "../../../db/client.js";
import { executeWithKeptFilter } from "../../../db/named-statement.js";
import { orderEvents, orders, user } from "../../../db/schema.js";

export type OrderRecord = typeof orders.$inferSelect;

/**
 * The order's row, locked for the rest of `tx` against every other writer of the order. Not
 * against rows that merely refer to it: a transaction that has already added a message, a run or
 * an event to the order holds a key-share lock on it, and two such transactions each asking for a
 * full update lock would wait for each other (a deadlock). No order's id ever changes.
 */
export async function orderRowLocked(tx: Database, id: string): Promise<OrderRecord | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("no key update");
  return order;
}

/**
 * The orders the caller is the client of (`clientOrdersOf`), newest first: a statement kept for
 * each shape of the rule (a company's, or a person's own), the caller's filled in at each run.
 */
export function ordersOfCustomerNewestFirst(db: Database, caller: SessionUser): Promise<OrderRecord[]> {
  return executeWithKeptFilter(db, "orders_of_client", (bound) =>
    db
      .select()
      .from(orders)
      .where(clientOrdersOf(caller, bound))
      .orderBy(desc(orders.createdAt), desc(orders.id)),
  );
}

/** The orders placed with this e-mail (in any case) that `visible` keeps, newest first. */
export function ordersWithEmailNewestFirst(
  db: Database,
  email: string,
  visible: SQL | undefined,
): Promise<OrderRecord[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(sql`lower(${orders.email})`, email), visible))
    .orderBy(desc(orders.createdAt));
}

/**
 * These orders' rows, in no particular order. One array parameter and a name: the same statement
 * for any number of ids, planned once per connection (it runs in every transaction that announces
 * an order to webhooks).
 */
export function orderRowsWithIds(db: Database, ids: string[]): Promise<OrderRecord[]> {
  return db
    .select()
    .from(orders)
    .where(sql`${orders.id} = any(${sql.param(ids)}::uuid[])`)
    .prepare("orders_by_ids")
    .execute();
}

/** Deletes the order if it is still unpaid; answers the rows deleted. */
export function deleteUnpaidOrderRow(tx: Database, id: string): Promise<OrderRecord[]> {
  return tx
    .delete(orders)
    .where(and(eq(orders.id, id), eq(orders.paid, false)))
    .returning();
}

/** Gives the order to a member, or to nobody with null. */
export async function setOrderAssignee(tx: Database, id: string, assigneeId: string | null): Promise<void> {
  await tx.update(orders).set({ assigneeId }).where(eq(orders.id, id));
}

/** Sets when the order's work is due (null: no date). */
export async function setOrderDueAt(tx: Database, id: string, dueAt: Date | null): Promise<void> {
  await tx.update(orders).set({ dueAt }).where(eq(orders.id, id));
}

/** The order's due date and state, for its due check. */
export async function dueAndStateOfOrder(tx: Database, id: string) {
  const [order] = await tx
    .select({ id: orders.id, dueAt: orders.dueAt, state: orders.state })
    .from(orders)
    .where(eq(orders.id, id));
  return order;
}

/** The erased account's orders and history entries take the placeholder name and address, without the phone. */
export async function renameErasedCustomer(
  db: Database,
  user: { id: string; name: string; newEmail: string },
): Promise<void> {
  await db
    .update(orders)
    .set({ name: user.name, email: user.newEmail, phone: "" })
    .where(eq(orders.userId, user.id));
  await db.update(orderEvents).set({ actorName: user.name }).where(eq(orderEvents.actorId, user.id));
}

/** Keeps the provider's intent (and Stripe Billing's subscription, when given) on the order. */
export async function setOrderPaymentIntent(
  db: Database,
  orderId: string,
  paymentIntentId: string,
  providerSubscriptionId: string | undefined,
): Promise<void> {
  await db
    .update(orders)
    .set(
      providerSubscriptionId === undefined
        ? { paymentIntentId }
        : { paymentIntentId, providerSubscriptionId },
    )
    .where(eq(orders.id, orderId));
}

/** Marks the order paid, with the provider's transaction and when. */
export async function setOrderPaid(
  tx: Database,
  orderId: string,
  transactionId: string,
  paidAt: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ paid: true, transactionId, paymentTime: paidAt })
    .where(eq(orders.id, orderId));
}

/** Records when the order's plan ended. */
export async function setOrderEnded(tx: Database, orderId: string, endedAt: Date): Promise<void> {
  await tx.update(orders).set({ endedAt }).where(eq(orders.id, orderId));
}

/** Writes an order (custom work, without a plan) and answers its row. */
export async function insertOrderRow(
  tx: Database,
  values: typeof orders.$inferInsert,
): Promise<OrderRecord | undefined> {
  const [row] = await tx
    .insert(orders)
    .values({ ...values, companyId: companyOfPerson(sql`${values.userId}`) })
    .returning();
  return row;
}

/**
 * SQL: the client company of the person `userId` names, as their row says when the statement runs
 * (an order goes to the company they are in then; null for a member of the team).
 */
export function companyOfPerson(userId: SQL): SQL<string | null> {
  return sql<string | null>`(select ${user.companyId} from ${user} where ${user.id} = ${userId})`;
}

/** The person's orders from before they were in a company go to their first one (a company of one). */
export async function attachOrdersToCompany(tx: Database, userId: string, companyId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ companyId })
    .where(and(eq(orders.userId, userId), isNull(orders.companyId)));
}

/** Whether each of these orders is paid, and the payment it opened. */
export function paymentsOfOrders(db: Database, ids: string[]) {
  return db
    .select({ id: orders.id, paid: orders.paid, paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(inArray(orders.id, ids));
}

/** Whether the order is paid, and the payment it opened; undefined when it is gone. */
export async function paymentOfOrder(tx: Database, orderId: string) {
  const [row] = await tx
    .select({ paid: orders.paid, paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** Deletes the order while it is unpaid. */
export async function deleteOrderWhileUnpaid(tx: Database, orderId: string): Promise<void> {
  await tx.delete(orders).where(and(eq(orders.id, orderId), eq(orders.paid, false)));
}

/** Locks these orders' rows, in the order of their ids (as `orderRowLocked` does). */
export async function lockOrderRows(tx: Database, ids: string[]): Promise<void> {
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(orders.id)
    .for("no key update");
}

/** Whether the order is paid; undefined when it is gone. */
export async function paidOfOrder(tx: Database, orderId: string) {
  const [row] = await tx.select({ paid: orders.paid }).from(orders).where(eq(orders.id, orderId));
  return row;
}
