import {
  formatPlainAmount,
  type OrdersExportQuery,
  type PaymentsExportQuery,
  type UsersExportQuery,
} from "@agency/contract";
import { and, count, eq, inArray, type SQL, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { sightOf, visibleOrdersOf } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { newestFirstBatches, wholeRows } from "../../db/keyset.js";
import { createdOnDays, escapeLike } from "../../db/list-search.js";
import { orders, payments, receipts, user } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { shopMoney } from "../catalog/index.js";
import { adminOrderFilter } from "../orders/index.js";
import { adminUserFilter } from "../users/index.js";
import { type CsvValue, csvChunks, money } from "./csv.js";

/**
 * An account's total paid (net of refunds) and its currency. One paid in several currencies (the
 * shop changed its own in between) gets each total, in the order of the currencies, separated by
 * ";": amounts in different currencies are never added.
 */
function totalPaidCells(paid: { cents: number; currency: string }[]): CsvValue[] {
  const [only] = paid;
  if (only && paid.length === 1) return [money(only.cents, only.currency), only.currency];
  return [
    paid.map((entry) => formatPlainAmount(entry.cents, entry.currency)).join(";"),
    paid.map((entry) => entry.currency).join(";"),
  ];
}

const orderColumns = [
  "number",
  "createdAt",
  "customer",
  "email",
  "phone",
  "plan",
  "billing",
  "listPrice",
  "discount",
  "promoCode",
  "price",
  "currency",
  "paid",
  "paymentTime",
  "transactionId",
  "state",
] as const;

/**
 * Every order All Orders would list to the caller with these filters, newest first (a member who
 * sees only their assigned orders exports only those).
 */
export function ordersCsv(
  db: Database,
  caller: SessionUser,
  query: OrdersExportQuery,
): AsyncGenerator<string> {
  const batches = newestFirstBatches(orders, wholeRows(db, orders), adminOrderFilter(query, caller));
  // The route needs money.view; the customer's e-mail and phone also need customers.view.
  const { contact } = sightOf(caller, null);
  return csvChunks(orderColumns, batches, (order) => [
    order.number,
    order.createdAt,
    order.name,
    contact ? order.email : null,
    contact ? order.phone : null,
    order.service,
    order.serviceDuration,
    money(order.listPriceCents ?? order.priceCents, order.currency),
    money(order.discountCents, order.currency),
    order.promoCode,
    money(order.priceCents, order.currency),
    order.currency,
    order.paid,
    order.paymentTime,
    order.transactionId,
    order.state ?? "unpaid",
  ]);
}

const customerColumns = [
  "id",
  "createdAt",
  "name",
  "email",
  "role",
  "emailVerified",
  "orders",
  "paidOrders",
  "totalPaid",
  "currency",
] as const;

/**
 * The accounts All Users would list with these filters, newest first, each with its number of
 * orders and the money it paid (net of refunds): one grouped query per batch of accounts, through
 * the orders' and payments' indexes on the customer.
 */
export async function* customersCsv(
  db: Database,
  caller: SessionUser,
  query: UsersExportQuery,
): AsyncGenerator<string> {
  // The route needs customers.view; the money each paid also needs money.view.
  const { money: seesMoney } = sightOf(caller, null);
  const { currency: shopCurrency } = await shopMoney(db);
  const accounts = newestFirstBatches(
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
    adminUserFilter(query),
  );
  async function* withTotals() {
    for await (const batch of accounts) {
      const ids = batch.map((account) => account.id);
      const [orderCounts, paidSums] = await Promise.all([
        db
          .select({
            userId: orders.userId,
            orders: count(),
            paid: sql<number>`count(*) filter (where ${orders.paid})`.mapWith(Number),
          })
          .from(orders)
          .where(inArray(orders.userId, ids))
          .groupBy(orders.userId),
        db
          .select({
            userId: payments.userId,
            currency: orders.currency,
            cents: sum(payments.amountCents).mapWith(Number),
          })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.orderId))
          .where(inArray(payments.userId, ids))
          .groupBy(payments.userId, orders.currency)
          .orderBy(orders.currency),
      ]);
      const ordersOf = new Map(orderCounts.map((entry) => [entry.userId, entry]));
      const paidOf = new Map<string, { cents: number; currency: string }[]>();
      for (const entry of paidSums) paidOf.set(entry.userId, [...(paidOf.get(entry.userId) ?? []), entry]);
      yield batch.map((account) => ({
        ...account,
        orders: ordersOf.get(account.id)?.orders ?? 0,
        paidOrders: ordersOf.get(account.id)?.paid ?? 0,
        paid: paidOf.get(account.id) ?? [{ cents: 0, currency: shopCurrency }],
      }));
    }
  }
  yield* csvChunks(customerColumns, withTotals(), (account) => [
    account.id,
    account.createdAt,
    account.name,
    account.email,
    account.role ? "admin" : "customer",
    account.emailVerified,
    account.orders,
    account.paidOrders,
    ...(seesMoney ? totalPaidCells(account.paid) : [null, null]),
  ]);
}

const paymentColumns = [
  "recordedAt",
  "paidAt",
  "kind",
  "receipt",
  "order",
  "email",
  "plan",
  "billing",
  "amount",
  "tax",
  "currency",
  "provider",
  "transactionId",
  "card",
  "periodStart",
  "periodEnd",
  "refundOf",
  "reason",
] as const;

/** The receipt of the payment a refund gives money back of. */
const refundedReceipt = alias(receipts, "refunded_receipt");

function paymentFilter(query: PaymentsExportQuery, caller: SessionUser): SQL | undefined {
  const text = query.q?.trim().toLowerCase();
  return and(
    visibleOrdersOf(caller),
    ...createdOnDays(payments.createdAt, query),
    text ? sql`lower(${payments.email}) like ${`${escapeLike(text)}%`}` : undefined,
  );
}

/**
 * Every payment and refund (a refund is negative), newest first, with its receipt's number; a
 * refund also names the receipt of the payment it gives back of, and its reason. Only those of the
 * orders the caller may see, and the customer's e-mail only with customers.view (the search by it too).
 */
export function paymentsCsv(
  db: Database,
  caller: SessionUser,
  query: PaymentsExportQuery,
): AsyncGenerator<string> {
  const { contact } = sightOf(caller, null);
  if (!contact && query.q?.trim()) throw new AppError("forbidden", "Your role does not allow this.");
  const batches = newestFirstBatches(
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
            service: orders.service,
            serviceDuration: orders.serviceDuration,
            currency: orders.currency,
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
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .leftJoin(receipts, eq(receipts.paymentId, payments.id))
        .leftJoin(refundedReceipt, eq(refundedReceipt.paymentId, payments.refundOf))
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit),
    paymentFilter(query, caller),
  );
  return csvChunks(paymentColumns, batches, (row) => [
    row.createdAt,
    row.paymentTime,
    row.refundOf ? "refund" : "payment",
    row.receipt,
    row.orderNumber,
    contact ? row.email : null,
    row.service,
    row.serviceDuration,
    money(row.amountCents, row.currency),
    money(row.taxCents, row.currency),
    row.currency,
    row.provider,
    row.transactionId,
    row.cardBrand && row.cardLast4 ? `${row.cardBrand} ${row.cardLast4}` : null,
    row.periodStart,
    row.periodEnd,
    row.refundOfReceipt,
    row.refundReason,
  ]);
}
