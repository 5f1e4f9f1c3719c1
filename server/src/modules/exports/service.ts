import {
  formatOrderNumber,
  formatPlainAmount,
  type OrdersExportQuery,
  type PaymentsExportQuery,
  type TimeExportQuery,
  type UsersExportQuery,
} from "@agency/contract";
import { and, gte, isNotNull, lte, type SQL } from "drizzle-orm";
import { sightOf, visibleMoneyOf, visibleOrdersOf } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { payments, salesDocuments, timeEntries } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { shopMoney } from "../catalog/index.js";
import { adminOrderFilter } from "../orders/index.js";
import { adminUserFilter } from "../users/index.js";
import { type CsvValue, csvChunks, money } from "./csv.js";
import {
  accountsNewestFirstInBatches,
  orderCountsOf,
  ordersNewestFirstInBatches,
  paidTotalsOf,
  paymentsMatching,
  paymentsNewestFirstInBatches,
  timeEntriesNewestFirstInBatches,
} from "./queries.js";

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
  const batches = ordersNewestFirstInBatches(db, adminOrderFilter(query, caller));
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
  const accounts = accountsNewestFirstInBatches(db, adminUserFilter(query));
  async function* withTotals() {
    for await (const batch of accounts) {
      const ids = batch.map((account) => account.id);
      const [orderCounts, paidSums] = await Promise.all([orderCountsOf(db, ids), paidTotalsOf(db, ids)]);
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

function paymentFilter(query: PaymentsExportQuery, caller: SessionUser): SQL | undefined {
  return and(visibleMoneyOf(caller, payments.userId, salesDocuments.companyId), ...paymentsMatching(query));
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
  const batches = paymentsNewestFirstInBatches(db, paymentFilter(query, caller));
  return csvChunks(paymentColumns, batches, (row) => [
    row.createdAt,
    row.paymentTime,
    row.refundOf ? "refund" : "payment",
    row.receipt,
    row.orderNumber ?? row.invoiceNumber,
    contact ? row.email : null,
    row.service,
    row.serviceDuration,
    money(row.amountCents, row.currency),
    money(row.taxCents, row.currency),
    row.currency,
    row.method ? `${row.provider} (${row.method})` : row.provider,
    row.transactionId,
    row.cardBrand && row.cardLast4 ? `${row.cardBrand} ${row.cardLast4}` : null,
    row.periodStart,
    row.periodEnd,
    row.refundOfReceipt,
    // A recorded payment's reference (a bank transfer's) stands where a refund's reason does.
    row.refundReason ?? row.reference,
  ]);
}

/**
 * The time entries of the days asked (every day without them), on the orders the caller may see:
 * one line each, stopped ones only (a running timer has no duration yet).
 */
export function timeCsv(db: Database, caller: SessionUser, query: TimeExportQuery) {
  const filter = and(
    visibleOrdersOf(caller),
    isNotNull(timeEntries.minutes),
    query.from ? gte(timeEntries.day, query.from) : undefined,
    query.to ? lte(timeEntries.day, query.to) : undefined,
  );
  return csvChunks(
    ["Day", "Order", "Member", "Minutes", "Hours", "Billable", "Note", "Started", "Ended"],
    timeEntriesNewestFirstInBatches(db, filter),
    (entry) => [
      entry.day,
      formatOrderNumber(entry.orderNumber),
      entry.memberName,
      entry.minutes,
      ((entry.minutes ?? 0) / 60).toFixed(2),
      entry.billable,
      entry.note,
      entry.startedAt,
      entry.endedAt,
    ],
  );
}
