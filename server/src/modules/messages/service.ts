import {
  type Message,
  type MessageList,
  type PostMessageBody,
  type UnreadCounts,
  workflowMessages,
} from "@agency/contract";
import { findVisibleOrder } from "../../auth/order-access.js";
import { can } from "../../auth/permissions.js";
import { isTeamMember, type SessionUser } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { emitDomainEvent } from "../../events.js";
import { enqueue } from "../../jobs/queue.js";
import { attachFiles, filesAttachedTo } from "../files/index.js";
import {
  insertMessage,
  type MessageRow,
  markThreadRead,
  messageRowsWithId,
  threadOldestFirst,
  unreadPerOrder,
} from "./queries.js";

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
  const rows = await messageRowsWithId(db, id);
  const shown = await withFiles(db, rows);
  return shown.map((message, index) => ({ ...message, orderId: rows[index]?.orderId ?? "" }));
}

/**
 * An order's thread, oldest first, for its customer or an admin; internal notes only for admins.
 * What the caller was shown is then read.
 */
export async function listMessages(db: Database, caller: SessionUser, orderId: string): Promise<MessageList> {
  const order = await findVisibleOrder(db, caller, orderId);
  const rows = await threadOldestFirst(db, order.id, isTeamMember(caller));
  const newest = rows.at(-1);
  if (newest) await markThreadRead(db, caller.id, order.id, newest.createdAt);
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
    const message = await insertMessage(tx, {
      orderId: order.id,
      authorId: caller.id,
      authorName: caller.name,
      authorRole: admin ? "admin" : "customer",
      body: body.body ?? "",
      internal: Boolean(body.internal),
      createdAt: now,
    });
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
  await markThreadRead(db, caller.id, order.id, row.createdAt);
  const [shown] = await withFiles(db, [row]);
  if (!shown) throw new Error("The message was not written.");
  return shown;
}

/**
 * Others' messages after the caller last read each thread: a customer's own orders (internal
 * notes never count), every order for an admin.
 */
export async function unreadCounts(db: Database, caller: SessionUser): Promise<UnreadCounts> {
  const rows = await unreadPerOrder(db, caller);
  return { total: rows.reduce((sum, row) => sum + row.unread, 0), orders: rows };
}
