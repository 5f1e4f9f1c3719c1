import type { PaymentsExportQuery } from "@agency/contract";
import { count, eq, inArray, type SQL, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { newestFirstBatches, wholeRows } from "../../db/keyset.js";
import { createdOnDays, escapeLike } from "../../db/list-search.js";
import { orders, payments, receipts, salesDocuments, timeEntries, user } from "../../db/schema.js";

/** Every order `filter` keeps, whole, newest first, a batch at a time. */
export function ordersNewestFirstInBatches(db: Database, filter: SQL | undefined) {
  return newestFirstBatches(orders, wholeRows(db, orders), filter);
}

/** Every account `filter` keeps, newest first, a batch at a time. */
export function accountsNewestFirstInBatches(db: Database, filter: SQL | undefined) {
  return newestFirstBatches(
    user,
    (plan) =>
      db
        .select({
          row: {
            id: user.id,
            createdAt: user.createdAt,
            name: user.name,
            email: user.email,
            role: user.role,
            emailVerified: user.emailVerified,
          },
          cursor: plan.cursor,
        })
        .from(user)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit),
    filter,
  );
}

/** How many orders each of these accounts has, and how many of them are paid. */
export function orderCountsOf(db: Database, userIds: string[]) {
  return db
    .select({
      userId: orders.userId,
      orders: count(),
      paid: sql<number>`count(*) filter (where ${orders.paid})`.mapWith(Number),
    })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
}

/** What each of these accounts paid (net of refunds), one total per currency, in currency order. */
export function paidTotalsOf(db: Database, userIds: string[]) {
  return db
    .select({
      userId: payments.userId,
      currency: orders.currency,
      cents: sum(payments.amountCents).mapWith(Number),
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(inArray(payments.userId, userIds))
    .groupBy(payments.userId, orders.currency)
    .orderBy(orders.currency);
}

/** The payments recorded on these days, of a customer whose e-mail starts with the search. */
export function paymentsMatching(query: PaymentsExportQuery): (SQL | undefined)[] {
  const text = query.q?.trim().toLowerCase();
  return [
    ...createdOnDays(payments.createdAt, query),
    text ? sql`lower(${payments.email}) like ${`${escapeLike(text)}%`}` : undefined,
  ];
}

/** The receipt of the payment a refund gives money back of. */
const refundedReceipt = alias(receipts, "refunded_receipt");

/**
 * Every payment and refund `filter` keeps, newest first, a batch at a time, with its order's plan
 * and currency (or, paid towards an invoice without an order, the invoice's), its receipt, and for a refund the receipt of the payment it gives back of.
 */
export function paymentsNewestFirstInBatches(db: Database, filter: SQL | undefined) {
  return newestFirstBatches(
    payments,
    (plan) =>
      db
        .select({
          row: {
            createdAt: payments.createdAt,
            paymentTime: payments.paymentTime,
            refundOf: payments.refundOf,
            email: payments.email,
            amountCents: payments.amountCents,
            provider: payments.provider,
            transactionId: payments.transactionId,
            periodStart: payments.periodStart,
            periodEnd: payments.periodEnd,
            orderNumber: orders.number,
            // An invoice's payment has no order (docs/decisions/029): the invoice names it.
            invoiceNumber: salesDocuments.number,
            service: sql<string>`coalesce(${orders.service}, 'Invoice ' || ${salesDocuments.number})`,
            serviceDuration: sql<string>`coalesce(${orders.serviceDuration}, 'one-time')`,
            currency: sql<string>`coalesce(${orders.currency}, ${salesDocuments.currency})`,
            method: payments.method,
            reference: payments.reference,
            receipt: receipts.number,
            taxCents: receipts.taxCents,
            cardBrand: receipts.cardBrand,
            cardLast4: receipts.cardLast4,
            refundOfReceipt: refundedReceipt.number,
            refundReason: payments.refundReason,
          },
          cursor: plan.cursor,
        })
        .from(payments)
        .leftJoin(orders, eq(orders.id, payments.orderId))
        .leftJoin(salesDocuments, eq(salesDocuments.id, payments.salesDocumentId))
        .leftJoin(receipts, eq(receipts.paymentId, payments.id))
        .leftJoin(refundedReceipt, eq(refundedReceipt.paymentId, payments.refundOf))
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit),
    filter,
  );
}

/** Every time entry `filter` keeps (on the orders the caller sees), newest first, a batch at a time. */
export function timeEntriesNewestFirstInBatches(db: Database, filter: SQL | undefined) {
  return newestFirstBatches(
    timeEntries,
    (plan) =>
      db
        .select({
          row: {
            day: timeEntries.day,
            minutes: timeEntries.minutes,
            billable: timeEntries.billable,
            note: timeEntries.note,
            startedAt: timeEntries.startedAt,
            endedAt: timeEntries.endedAt,
            orderNumber: orders.number,
            memberName: user.name,
          },
          cursor: plan.cursor,
        })
        .from(timeEntries)
        .innerJoin(orders, eq(orders.id, timeEntries.orderId))
        .innerJoin(user, eq(user.id, timeEntries.memberId))
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit),
    filter,
  );
}
