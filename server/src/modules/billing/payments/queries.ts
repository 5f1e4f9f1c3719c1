import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { visibleMoneyOf, visibleOrdersOf } from "../../../auth/order-access.js";
import type { SessionUser } from "../../../auth/session.js";
import type { Database } from "../../../db/client.js";
import { orders, payments, receipts, salesDocuments, user } from "../../../db/schema.js";
import type { ProviderIntent } from "../../../payment-providers/provider.js";

export type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The order a provider's payment is for, locked: by the order id it carries, or by its intent. */
export async function orderOfIntentLocked(
  tx: Database,
  intent: Pick<ProviderIntent, "id" | "orderId">,
): Promise<OrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(intent.orderId ? eq(orders.id, intent.orderId) : eq(orders.paymentIntentId, intent.id))
    .for("update");
  return order;
}

/** Writes a payment (or a refund, negative); undefined when it was written before. */
export async function insertPaymentUnlessRecorded(
  tx: Database,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow | undefined> {
  const [payment] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
  return payment;
}

/** The id of the order's latest payment (not a refund): the first one, or its latest renewal. */
export async function latestPaymentIdOfOrder(db: Database, orderId: string): Promise<string | undefined> {
  const [latest] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isNull(payments.refundOf)))
    .orderBy(desc(payments.paymentTime), desc(payments.createdAt))
    .limit(1);
  return latest?.id;
}

/** One of the order's payments (not a refund), locked for the rest of `tx`. */
export async function paymentOfOrderLocked(
  tx: Database,
  orderId: string,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.orderId, orderId), isNull(payments.refundOf)))
    .for("update");
  return payment;
}

/** What the refunds of a payment gave back, in cents, and how many there are. */
export async function refundsGivenOf(
  tx: Database,
  paymentId: string,
): Promise<{ cents: number; count: number } | undefined> {
  const [given] = await tx
    .select({
      cents: sql<number>`coalesce(-sum(${payments.amountCents}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(payments)
    .where(eq(payments.refundOf, paymentId));
  return given;
}

/** The order's payments and refunds with their receipts' ids, first paid first. */
export function paymentsOfOrderWithReceipts(db: Database, orderId: string) {
  return db
    .select({ payment: payments, receiptId: receipts.id })
    .from(payments)
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.paymentTime), asc(payments.createdAt));
}

/** The Stripe payment recorded for this provider transaction (an invoice), if any. */
export async function stripePaymentOfTransaction(
  tx: Database,
  transactionId: string,
): Promise<{ id: string } | undefined> {
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, "stripe"), eq(payments.transactionId, transactionId)));
  return paid;
}

/** The account's payments under its new address. */
export async function setPayerEmailOfAccount(db: Database, userId: string, email: string): Promise<void> {
  await db.update(payments).set({ email }).where(eq(payments.userId, userId));
}

// An invoice's payment has no order (docs/decisions/029): what it paid for is read from the
// invoice it carries, so every list below left-joins both.
const paymentColumns = {
  id: payments.id,
  orderId: payments.orderId,
  email: payments.email,
  transactionId: payments.transactionId,
  paymentTime: payments.paymentTime,
  amountCents: payments.amountCents,
  provider: payments.provider,
  periodStart: payments.periodStart,
  periodEnd: payments.periodEnd,
  orderTransactionId: orders.transactionId,
  orderNumber: orders.number,
  invoiceNumber: salesDocuments.number,
  service: sql<string>`coalesce(${orders.service}, 'Invoice ' || ${salesDocuments.number})`,
  serviceDuration: sql<string>`coalesce(${orders.serviceDuration}, 'one-time')`,
  currency: sql<string>`coalesce(${orders.currency}, ${salesDocuments.currency})`,
  receiptId: receipts.id,
  receiptNumber: receipts.number,
  receiptKind: receipts.kind,
  refundReason: payments.refundReason,
};

const paymentsWithWhatTheyPaid = (db: Database) =>
  db
    .select(paymentColumns)
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(salesDocuments, eq(salesDocuments.id, payments.salesDocumentId))
    .leftJoin(receipts, eq(receipts.paymentId, payments.id));

/** The receipt is left-joined: a payment recorded before receipts existed has none. */
export type PaymentHistoryRow = Awaited<ReturnType<typeof paymentsWithWhatTheyPaid>>[number];

/**
 * Payments newest first: the caller's own (`own`: their company's, or theirs in none), otherwise
 * those of the account with this (lower-cased) address on the orders the caller may see.
 */
export function paymentsOfEmailNewestFirst(
  db: Database,
  email: string,
  caller: SessionUser,
  own: boolean,
): Promise<PaymentHistoryRow[]> {
  return paymentsWithWhatTheyPaid(db)
    .innerJoin(user, eq(user.id, payments.userId))
    .where(
      own
        ? visibleMoneyOf(caller, payments.userId, salesDocuments.companyId)
        : and(eq(sql`lower(${user.email})`, email), visibleOrdersOf(caller)),
    )
    .orderBy(desc(payments.paymentTime), desc(payments.createdAt));
}

/** One payment or refund with its order (or invoice) and receipt. */
export function paymentWithOrderById(db: Database, id: string): Promise<PaymentHistoryRow[]> {
  return paymentsWithWhatTheyPaid(db).where(eq(payments.id, id));
}

/** The payment that paid for the order (its transaction is the order's), with its receipt. */
export async function firstPaymentOfOrder(
  db: Database,
  orderId: string,
): Promise<PaymentHistoryRow | undefined> {
  const [row] = await paymentsWithWhatTheyPaid(db).where(
    and(eq(payments.orderId, orderId), eq(payments.transactionId, orders.transactionId)),
  );
  return row;
}
