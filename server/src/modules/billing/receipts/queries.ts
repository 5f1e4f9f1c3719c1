import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { creditNoteCounters, orders, receiptCounters, receipts } from "../../../db/schema.js";

export type ReceiptRow = typeof receipts.$inferSelect;

/**
 * Counts one more receipt in the year and answers that count; the year's counter row stays locked
 * until the transaction ends.
 */
export async function nextReceiptSequence(tx: Database, year: number): Promise<number | undefined> {
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: receiptCounters.year, set: { last: sql`${receiptCounters.last} + 1` } })
    .returning({ last: receiptCounters.last });
  return counter?.last;
}

/** As `nextReceiptSequence`, in the credit notes' own series. */
export async function nextCreditNoteSequence(tx: Database, year: number): Promise<number | undefined> {
  const [counter] = await tx
    .insert(creditNoteCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: creditNoteCounters.year,
      set: { last: sql`${creditNoteCounters.last} + 1` },
    })
    .returning({ last: creditNoteCounters.last });
  return counter?.last;
}

/** The receipt of a payment (the one a refund gives money back of), if one was issued. */
export async function receiptOfPayment(
  tx: Database,
  paymentId: string,
): Promise<{ id: string; number: string } | undefined> {
  const [found] = await tx
    .select({ id: receipts.id, number: receipts.number })
    .from(receipts)
    .where(eq(receipts.paymentId, paymentId));
  return found;
}

/** Writes the receipt and answers its row. */
export async function insertReceiptRow(
  tx: Database,
  values: typeof receipts.$inferInsert,
): Promise<ReceiptRow | undefined> {
  const [row] = await tx.insert(receipts).values(values).returning();
  return row;
}

/**
 * The account's receipts of orders that belong to no company, newest first (a company's stay
 * with it: someone removed from it no longer sees them).
 */
export async function receiptsOfAccountNewestFirst(db: Database, userId: string): Promise<ReceiptRow[]> {
  const rows = await db
    .select({ receipt: receipts })
    .from(receipts)
    .leftJoin(orders, eq(orders.id, receipts.orderId))
    .where(and(eq(receipts.userId, userId), isNull(orders.companyId)))
    .orderBy(desc(receipts.issuedAt), desc(receipts.sequence));
  return rows.map((row) => row.receipt);
}

/** A client company's receipts and credit notes (those of its orders), newest first. */
export async function receiptsOfCompanyNewestFirst(db: Database, companyId: string): Promise<ReceiptRow[]> {
  const rows = await db
    .select({ receipt: receipts })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .where(eq(orders.companyId, companyId))
    .orderBy(desc(receipts.issuedAt), desc(receipts.sequence));
  return rows.map((row) => row.receipt);
}

/** A receipt and the member its order is assigned to (null: none, or no order). */
export type ReceiptWithAssignee = {
  receipt: ReceiptRow;
  assigneeId: string | null;
  companyId: string | null;
};

async function receiptWithAssigneeWhere(db: Database, where: SQL): Promise<ReceiptWithAssignee | undefined> {
  const [found] = await db
    .select({ receipt: receipts, assigneeId: orders.assigneeId, companyId: orders.companyId })
    .from(receipts)
    .leftJoin(orders, eq(orders.id, receipts.orderId))
    .where(where)
    .limit(1);
  return found;
}

/** The receipt, with the member its order is assigned to. */
export function receiptByIdWithAssignee(db: Database, id: string): Promise<ReceiptWithAssignee | undefined> {
  return receiptWithAssigneeWhere(db, eq(receipts.id, id));
}

/** A receipt of the order, with the member the order is assigned to. */
export function receiptOfOrderWithAssignee(
  db: Database,
  orderId: string,
): Promise<ReceiptWithAssignee | undefined> {
  return receiptWithAssigneeWhere(db, eq(receipts.orderId, orderId));
}

/** The account's receipts under its new name and address. */
export async function setCustomerOfAccountReceipts(
  db: Database,
  user: { id: string; name: string; newEmail: string },
): Promise<void> {
  await db
    .update(receipts)
    .set({ customerName: user.name, customerEmail: user.newEmail })
    .where(eq(receipts.userId, user.id));
}
