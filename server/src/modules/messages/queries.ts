import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { visibleOrdersOf } from "../../auth/order-access.js";
import { isTeamMember, type SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { currentPeriodOf } from "../../db/order-periods.js";
import { messageReads, messages, orders } from "../../db/schema.js";

export type MessageRow = typeof messages.$inferSelect;

/** The message with this id: one row, or none. */
export function messageRowsWithId(db: Database, id: string): Promise<MessageRow[]> {
  return db.select().from(messages).where(eq(messages.id, id));
}

/** An order's thread, oldest first; internal notes only when asked for. */
export function threadOldestFirst(
  db: Database,
  orderId: string,
  withInternalNotes: boolean,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.orderId, orderId), withInternalNotes ? undefined : eq(messages.internal, false)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

/** Writes a message on the order's thread, in the order's current work period. */
export async function insertMessage(
  tx: Database,
  values: Pick<
    MessageRow,
    "orderId" | "authorId" | "authorName" | "authorRole" | "body" | "internal" | "createdAt"
  >,
): Promise<MessageRow | undefined> {
  const [message] = await tx
    .insert(messages)
    .values({
      orderId: values.orderId,
      authorId: values.authorId,
      authorName: values.authorName,
      authorRole: values.authorRole,
      body: values.body,
      internal: values.internal,
      period: currentPeriodOf(values.orderId),
      createdAt: values.createdAt,
    })
    .returning();
  return message;
}

/** The reader has read the thread up to `at` (never moves back). */
export async function markThreadRead(db: Database, userId: string, orderId: string, at: Date): Promise<void> {
  await db
    .insert(messageReads)
    .values({ userId, orderId, readAt: at })
    .onConflictDoUpdate({
      target: [messageReads.userId, messageReads.orderId],
      set: { readAt: sql`greatest(${messageReads.readAt}, excluded.read_at)` },
    });
}

/**
 * Which messages are unread for the caller: others' messages written after `readAt` (when the
 * caller last read the thread; null if never), internal notes only for the team.
 */
function unreadBy(caller: SessionUser, readAt: SQL | AnyPgColumn, reader: string | SQL = caller.id): SQL[] {
  return [
    sql`${messages.authorId} is distinct from ${reader}`,
    sql`(${readAt} is null or ${messages.createdAt} > ${readAt})`,
    ...(isTeamMember(caller) ? [] : [eq(messages.internal, false)]),
  ];
}

/**
 * SQL: a table of `order_id` and `unread`, the messages the caller has not read on each of the
 * orders `orderIds` selects that has any (counted as `unreadCounts` counts them), for a list that
 * shows its own few orders (the work board's cards). `reader` is the caller's id, or a
 * placeholder for it in a statement kept for every caller of the caller's kind.
 */
export function unreadOfOrders(caller: SessionUser, orderIds: SQL, reader: string | SQL = caller.id): SQL {
  return sql`(select ${messages.orderId} as order_id, count(*)::int as unread
    from ${messages}
    left join ${messageReads}
      on ${messageReads.userId} = ${reader} and ${messageReads.orderId} = ${messages.orderId}
    where ${messages.orderId} in (${orderIds}) and ${and(...unreadBy(caller, messageReads.readAt, reader))}
    group by ${messages.orderId})`;
}

/**
 * How many messages the caller has not read on each order they see that has any, by order id: a
 * customer's own orders (internal notes never count), every order for an admin.
 */
export function unreadPerOrder(
  db: Database,
  caller: SessionUser,
): Promise<{ orderId: string; unread: number }[]> {
  const reads = db.select().from(messageReads).where(eq(messageReads.userId, caller.id)).as("reads");
  const conditions: (SQL | undefined)[] = [...unreadBy(caller, reads.readAt), visibleOrdersOf(caller)];
  return db
    .select({ orderId: messages.orderId, unread: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(orders, eq(orders.id, messages.orderId))
    .leftJoin(reads, eq(reads.orderId, messages.orderId))
    .where(and(...conditions))
    .groupBy(messages.orderId)
    .orderBy(messages.orderId);
}

/** Forgets which threads the account read up to when. */
export async function deleteReadsOf(tx: Database, userId: string): Promise<void> {
  await tx.delete(messageReads).where(eq(messageReads.userId, userId));
}

/** Signs the author's messages with another name. */
export async function renameMessagesOf(tx: Database, authorId: string, name: string): Promise<void> {
  await tx.update(messages).set({ authorName: name }).where(eq(messages.authorId, authorId));
}
