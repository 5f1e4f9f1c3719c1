import {
  type Message,
  type MessageList,
  type PostMessageBody,
  type UnreadCounts,
  workflowMessages,
} from "@agency/contract";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { findVisibleOrder, visibleOrdersOf } from "../../auth/order-access.js";
import { can } from "../../auth/permissions.js";
import { isTeamMember, type SessionUser } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { currentPeriodOf } from "../../db/order-periods.js";
import { messageReads, messages, orders } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { emitDomainEvent } from "../../events.js";
import { enqueue } from "../../jobs/queue.js";
import { attachFiles, filesAttachedTo } from "../files/index.js";

type MessageRow = typeof messages.$inferSelect;

/** At most one mail per thread and recipient in this much time. */
export const messageMailWindowMs = 10 * 60 * 1000;

async function withFiles(db: Database, rows: MessageRow[]): Promise<Message[]> {
  const byMessage = await filesAttachedTo(
    db,
    "messageId",
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    _id: row.id,
    author: { name: row.authorName, role: row.authorRole },
    body: row.body,
    internal: row.internal,
    period: row.period,
    createdAt: row.createdAt.toISOString(),
    files: byMessage.get(row.id) ?? [],
  }));
}

/** One message as the thread shows it, with its order (what webhooks send). */
export async function messageView(db: Database, id: string): Promise<(Message & { orderId: string })[]> {
  const rows = await db.select().from(messages).where(eq(messages.id, id));
  const shown = await withFiles(db, rows);
  return shown.map((message, index) => ({ ...message, orderId: rows[index]?.orderId ?? "" }));
}

/** The caller has read the thread up to `at` (never moves back). */
async function markRead(db: Database, userId: string, orderId: string, at: Date): Promise<void> {
  await db
    .insert(messageReads)
    .values({ userId, orderId, readAt: at })
    .onConflictDoUpdate({
      target: [messageReads.userId, messageReads.orderId],
      set: { readAt: sql`greatest(${messageReads.readAt}, excluded.read_at)` },
    });
}

/**
 * An order's thread, oldest first, for its customer or an admin; internal notes only for admins.
 * What the caller was shown is then read.
 */
export async function listMessages(db: Database, caller: SessionUser, orderId: string): Promise<MessageList> {
  const order = await findVisibleOrder(db, caller, orderId);
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(eq(messages.orderId, order.id), isTeamMember(caller) ? undefined : eq(messages.internal, false)),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const newest = rows.at(-1);
  if (newest) await markRead(db, caller.id, order.id, newest.createdAt);
  return { messages: await withFiles(db, rows) };
}

/**
 * A message on the order's thread, with files the caller uploaded to it. The other side gets one
 * mail per thread and 10-minute window: the job is keyed by thread, recipient and window, and
 * runs at the window's end (see `mail.order-messages`). Internal notes mail nobody.
 */
export async function postMessage(
  db: Database,
  clock: Clock,
  caller: SessionUser,
  orderId: string,
  body: PostMessageBody,
): Promise<Message> {
  const order = await findVisibleOrder(db, caller, orderId);
  const admin = isTeamMember(caller);
  if (body.internal && !admin) throw new AppError("forbidden", workflowMessages.internalForAdmins);
  // The team writes to a customer only with a role that may; internal notes are for any member.
  if (admin && !body.internal && !can(caller, "messages.send")) {
    throw new AppError("forbidden", "Your role does not allow messaging customers.");
  }
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(messages)
      .values({
        orderId: order.id,
        authorId: caller.id,
        authorName: caller.name,
        authorRole: admin ? "admin" : "customer",
        body: body.body ?? "",
        internal: Boolean(body.internal),
        period: currentPeriodOf(order.id),
        createdAt: now,
      })
      .returning();
    if (!message) throw new Error("The message was not written.");
    await attachFiles(tx, {
      orderId: order.id,
      uploaderId: caller.id,
      fileIds: body.fileIds ?? [],
      messageId: message.id,
    });
    await emitDomainEvent(tx, "message.posted", {
      message: { id: message.id, orderId: order.id, internal: message.internal },
    });
    if (!message.internal) {
      const recipient = admin ? "customer" : "agency";
      const windowStart = Math.floor(now.getTime() / messageMailWindowMs) * messageMailWindowMs;
      const until = new Date(windowStart + messageMailWindowMs);
      await enqueue(
        tx,
        "mail.order-messages",
        { orderId: order.id, recipient, until: until.toISOString() },
        { key: `order-messages:${order.id}:${recipient}:${windowStart}`, runAt: until },
      );
    }
    return message;
  });
  await markRead(db, caller.id, order.id, row.createdAt);
  const [shown] = await withFiles(db, [row]);
  if (!shown) throw new Error("The message was not written.");
  return shown;
}

/**
 * Which messages are unread for the caller: others' messages written after `readAt` (when the
 * caller last read the thread; null if never), internal notes only for the team.
 */
function unreadBy(caller: SessionUser, readAt: SQL | AnyPgColumn): SQL[] {
  return [
    sql`${messages.authorId} is distinct from ${caller.id}`,
    sql`(${readAt} is null or ${messages.createdAt} > ${readAt})`,
    ...(isTeamMember(caller) ? [] : [eq(messages.internal, false)]),
  ];
}

/**
 * SQL: a table of `order_id` and `unread`, the messages the caller has not read on each of the
 * orders `orderIds` selects that has any (counted as `unreadCounts` counts them), for a list that
 * shows its own few orders (the work board's cards).
 */
export function unreadOfOrders(caller: SessionUser, orderIds: SQL): SQL {
  return sql`(select ${messages.orderId} as order_id, count(*)::int as unread
    from ${messages}
    left join ${messageReads}
      on ${messageReads.userId} = ${caller.id} and ${messageReads.orderId} = ${messages.orderId}
    where ${messages.orderId} in (${orderIds}) and ${and(...unreadBy(caller, messageReads.readAt))}
    group by ${messages.orderId})`;
}

/**
 * Others' messages after the caller last read each thread: a customer's own orders (internal
 * notes never count), every order for an admin.
 */
export async function unreadCounts(db: Database, caller: SessionUser): Promise<UnreadCounts> {
  const reads = db.select().from(messageReads).where(eq(messageReads.userId, caller.id)).as("reads");
  const conditions: (SQL | undefined)[] = [...unreadBy(caller, reads.readAt), visibleOrdersOf(caller)];
  const rows = await db
    .select({ orderId: messages.orderId, unread: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(orders, eq(orders.id, messages.orderId))
    .leftJoin(reads, eq(reads.orderId, messages.orderId))
    .where(and(...conditions))
    .groupBy(messages.orderId)
    .orderBy(messages.orderId);
  return { total: rows.reduce((sum, row) => sum + row.unread, 0), orders: rows };
}
