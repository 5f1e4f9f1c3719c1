import { and, asc, count, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import {
  account,
  files,
  leads,
  mailOptOuts,
  messages,
  orderBriefs,
  orderEvents,
  orderLines,
  orders,
  payments,
  receipts,
  reviews,
  salesDocumentLines,
  salesDocuments,
  session,
  subscriptions,
  user,
} from "../../db/schema.js";

/** The account to delete, locked until its deletion commits. */
export async function accountLockedForDeletion(
  tx: Database,
  userId: string,
): Promise<Pick<typeof user.$inferSelect, "id" | "email" | "role"> | undefined> {
  const [target] = await tx
    .select({ id: user.id, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, userId))
    .for("update");
  return target;
}

/** The accounts that run the shop (the owner and the admins), locked as role changes lock them. */
export function shopRunnersLocked(tx: Database): Promise<{ id: string }[]> {
  return tx
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.role, ["owner", "admin"]))
    .for("update");
}

/** How many of the customer's plans still charge a card (active or past due). */
export async function chargingPlanCount(tx: Database, userId: string): Promise<number> {
  const [running] = await tx
    .select({ value: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["active", "past_due"])));
  return running?.value ?? 0;
}

/** The hash of the account's password; null for accounts that sign in only through Google or Facebook. */
export async function passwordOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return row?.password ?? null;
}

// What the data export reads: the customer's own rows, by their id (or their address).

export async function accountProfile(db: Database, userId: string) {
  const [profile] = await db.select().from(user).where(eq(user.id, userId));
  return profile;
}

export function ordersOfOldestFirst(db: Database, userId: string) {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
}

/** Rows of these orders; no row at all when there are none. */
function inOrders(column: AnyPgColumn, orderIds: string[]): SQL {
  return orderIds.length > 0 ? inArray(column, orderIds) : sql`false`;
}

export function signInMethodsOf(db: Database, userId: string) {
  return db.select().from(account).where(eq(account.userId, userId));
}

export function sessionsOf(db: Database, userId: string) {
  return db.select().from(session).where(eq(session.userId, userId));
}

export function briefsOfOrders(db: Database, orderIds: string[]) {
  return db.select().from(orderBriefs).where(inOrders(orderBriefs.orderId, orderIds));
}

export function orderHistoryOldestFirst(db: Database, orderIds: string[]) {
  return db
    .select()
    .from(orderEvents)
    .where(inOrders(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.createdAt));
}

/** The messages of these orders' threads the customer was shown (no internal notes). */
export function customerMessagesOldestFirst(db: Database, orderIds: string[]) {
  return db
    .select()
    .from(messages)
    .where(and(inOrders(messages.orderId, orderIds), eq(messages.internal, false)))
    .orderBy(asc(messages.createdAt));
}

/** What the customer may download: files of deliveries, of messages they see, and their own uploads. */
export function customerFilesOldestFirst(db: Database, orderIds: string[], userId: string) {
  return db
    .select({ file: files })
    .from(files)
    .leftJoin(messages, eq(messages.id, files.messageId))
    .where(
      and(
        inOrders(files.orderId, orderIds),
        or(
          sql`${files.eventId} is not null`,
          and(sql`${files.messageId} is not null`, eq(messages.internal, false)),
          and(isNull(files.messageId), isNull(files.eventId), eq(files.uploaderId, userId)),
        ),
      ),
    )
    .orderBy(asc(files.createdAt));
}

export function paymentsOfOldestFirst(db: Database, userId: string) {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.paymentTime));
}

export function receiptsOfOldestFirst(db: Database, userId: string) {
  return db.select().from(receipts).where(eq(receipts.userId, userId)).orderBy(asc(receipts.issuedAt));
}

export function plansOf(db: Database, userId: string) {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

export function reviewsOfOldestFirst(db: Database, userId: string) {
  return db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(asc(reviews.createdAt));
}

/** Leads sent from this (lower-cased) address. */
export function leadsFromOldestFirst(db: Database, email: string) {
  return db
    .select()
    .from(leads)
    .where(eq(sql`lower(${leads.email})`, email))
    .orderBy(asc(leads.createdAt));
}

export function mailOptOutsOf(db: Database, email: string) {
  return db.select().from(mailOptOuts).where(eq(mailOptOuts.email, email));
}

export function linesOfOrders(db: Database, orderIds: string[]) {
  return db
    .select()
    .from(orderLines)
    .where(inOrders(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.position));
}

/**
 * Quotes and invoices sent to the account, or to its (lower-cased) address before it had one;
 * never a draft.
 */
export function salesDocumentsSentTo(db: Database, userId: string, email: string) {
  return db
    .select()
    .from(salesDocuments)
    .where(
      and(
        or(eq(salesDocuments.userId, userId), eq(sql`lower(${salesDocuments.email})`, email)),
        sql`${salesDocuments.state} <> 'draft'`,
      ),
    )
    .orderBy(asc(salesDocuments.sentAt), asc(salesDocuments.revision));
}

/** The lines of these quotes and invoices, in order; no statement when there are none. */
export async function linesOfSalesDocuments(db: Database, documentIds: string[]) {
  return documentIds.length > 0
    ? await db
        .select()
        .from(salesDocumentLines)
        .where(inArray(salesDocumentLines.documentId, documentIds))
        .orderBy(asc(salesDocumentLines.position))
    : [];
}

/** Where these files' bytes are in the file storage; no statement when there are none. */
export async function storageKeysOf(
  db: Database,
  fileIds: string[],
): Promise<{ id: string; storageKey: string }[]> {
  return fileIds.length > 0
    ? await db
        .select({ id: files.id, storageKey: files.storageKey })
        .from(files)
        .where(inArray(files.id, fileIds))
    : [];
}
