import { and, asc, count, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { orders, payments, receipts, salesDocuments, subscriptions } from "../../db/schema.js";

// What a company's data export reads, a batch at a time: each statement reads one kind of record
// for the whole company (the orders `theirOrders` keeps, see `clientOrdersOf`), oldest first, and
// the next batch starts after the last row of the one before.

/** How many rows of one kind an export reads at a time. */
export const EXPORT_BATCH_SIZE = 200;

/**
 * The rows after the row `lastId` in (at, id) order (every row when null). The position is read
 * from that row itself, so no timestamp loses its microseconds on the way through JavaScript.
 */
function after(at: PgColumn, id: PgColumn, lastId: string | null): SQL | undefined {
  return lastId === null
    ? undefined
    : sql`(${at}, ${id}) > (select ${at}, ${id} from ${at.table} where ${id} = ${lastId})`;
}

export async function companyOrderCount(db: Database, theirOrders: SQL): Promise<number> {
  const [row] = await db.select({ value: count() }).from(orders).where(theirOrders);
  return row?.value ?? 0;
}

export function companyOrdersBatch(db: Database, theirOrders: SQL, lastId: string | null) {
  return db
    .select()
    .from(orders)
    .where(and(theirOrders, after(orders.createdAt, orders.id, lastId)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(EXPORT_BATCH_SIZE);
}

/** The payments and refunds of the company's orders, each with its order's currency. */
export function companyPaymentsBatch(db: Database, theirOrders: SQL, lastId: string | null) {
  return db
    .select({ payment: payments, currency: orders.currency })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(theirOrders, after(payments.paymentTime, payments.id, lastId)))
    .orderBy(asc(payments.paymentTime), asc(payments.id))
    .limit(EXPORT_BATCH_SIZE);
}

/** The receipts of the company's orders: of payments, or (`creditNotes`) of refunds. */
export function companyReceiptsBatch(
  db: Database,
  theirOrders: SQL,
  creditNotes: boolean,
  lastId: string | null,
) {
  return db
    .select({ receipt: receipts })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .where(
      and(
        theirOrders,
        // A refund's receipt (a negative amount) is a credit note.
        creditNotes ? lt(receipts.amountCents, 0) : gte(receipts.amountCents, 0),
        after(receipts.issuedAt, receipts.id, lastId),
      ),
    )
    .orderBy(asc(receipts.issuedAt), asc(receipts.id))
    .limit(EXPORT_BATCH_SIZE);
}

export function companySubscriptionsBatch(db: Database, theirOrders: SQL, lastId: string | null) {
  return db
    .select({ subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(and(theirOrders, after(subscriptions.createdAt, subscriptions.id, lastId)))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
    .limit(EXPORT_BATCH_SIZE);
}

/** Quotes and invoices addressed to the company; never a draft (drafts are the agency's). */
export function companySalesDocumentsBatch(db: Database, companyId: string, lastId: string | null) {
  return db
    .select()
    .from(salesDocuments)
    .where(
      and(
        eq(salesDocuments.companyId, companyId),
        sql`${salesDocuments.state} <> 'draft'`,
        after(salesDocuments.createdAt, salesDocuments.id, lastId),
      ),
    )
    .orderBy(asc(salesDocuments.createdAt), asc(salesDocuments.id))
    .limit(EXPORT_BATCH_SIZE);
}
