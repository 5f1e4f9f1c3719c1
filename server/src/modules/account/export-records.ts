import { type AccountExport, defaultCurrency, toMajor } from "@agency/contract";
import type { Database } from "../../db/client.js";
import type { orders, payments, receipts, salesDocuments, subscriptions } from "../../db/schema.js";
import {
  briefsOfOrders,
  customerFilesOldestFirst,
  customerMessagesOldestFirst,
  linesOfOrders,
  linesOfSalesDocuments,
  orderHistoryOldestFirst,
} from "./queries.js";

// The records of a data export, shared by the one-person export and a company's: the same rows
// are written the same way in both.

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

type ExportedOrder = AccountExport["orders"][number];

/** A file's place in the zip: one folder per order, the id keeps two files of one name apart. */
function zipPath(orderNumber: number, file: { id: string; name: string }) {
  return `files/order-${orderNumber}/${file.id}-${file.name}`;
}

/**
 * These orders as an export writes them, with their lines, brief, history, the messages of their
 * threads a client is shown (no internal notes) and the files `viewerId` may download: one
 * statement per kind of record for all of them, whatever their number.
 */
export async function exportedOrders(
  db: Database,
  orderRows: (typeof orders.$inferSelect)[],
  viewerId: string,
): Promise<ExportedOrder[]> {
  const orderIds = orderRows.map((row) => row.id);
  const [briefs, events, thread, fileRows, lineRows] = await Promise.all([
    briefsOfOrders(db, orderIds),
    orderHistoryOldestFirst(db, orderIds),
    customerMessagesOldestFirst(db, orderIds),
    customerFilesOldestFirst(db, orderIds, viewerId),
    linesOfOrders(db, orderIds),
  ]);
  const numberOf = new Map(orderRows.map((row) => [row.id, row.number]));
  const exportedFiles = fileRows.map(({ file }) => ({
    orderId: file.orderId,
    messageId: file.messageId,
    entry: {
      id: file.id,
      name: file.name,
      size: file.size,
      contentType: file.contentType,
      createdAt: iso(file.createdAt),
      path: zipPath(numberOf.get(file.orderId) ?? 0, file),
    },
  }));
  return orderRows.map((row) => ({
    _id: row.id,
    number: row.number,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    serviceDuration: row.serviceDuration,
    price: toMajor(row.priceCents, row.currency),
    currency: row.currency,
    paid: row.paid,
    state: row.state,
    createdAt: iso(row.createdAt),
    paymentTime: isoOrNull(row.paymentTime),
    lines: lineRows
      .filter((line) => line.orderId === row.id)
      .map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitPrice: toMajor(line.unitCents, row.currency),
        amount: toMajor(line.amountCents, row.currency),
        recurring: line.recurring,
      })),
    brief:
      briefs
        .find((brief) => brief.orderId === row.id)
        ?.answers.map((answer) => ({ question: answer.label, answer: answer.value })) ?? null,
    history: events
      .filter((event) => event.orderId === row.id)
      .map((event) => ({
        from: event.fromState,
        to: event.toState,
        by: event.actorName,
        role: event.actorRole,
        note: event.note,
        at: iso(event.createdAt),
      })),
    messages: thread
      .filter((message) => message.orderId === row.id)
      .map((message) => ({
        author: message.authorName,
        role: message.authorRole,
        body: message.body,
        at: iso(message.createdAt),
        fileIds: exportedFiles.filter((file) => file.messageId === message.id).map((file) => file.entry.id),
      })),
    files: exportedFiles.filter((file) => file.orderId === row.id).map((file) => file.entry),
  }));
}

/** A payment (or refund), in its order's currency (`currencyOf` the order's id). */
export function exportedPayment(
  row: typeof payments.$inferSelect,
  currencyOf: (orderOrInvoiceId: string) => string | undefined,
): AccountExport["payments"][number] {
  // An invoice's payment has no order: its currency is the invoice's (`currencyOf` its id).
  const currency = currencyOf(row.orderId ?? row.salesDocumentId ?? "") ?? defaultCurrency;
  return {
    _id: row.id,
    orderId: row.orderId,
    email: row.email,
    provider: row.provider,
    transactionId: row.transactionId,
    amount: toMajor(row.amountCents, currency),
    currency,
    paymentTime: iso(row.paymentTime),
    refundOf: row.refundOf,
    refundReason: row.refundReason,
  };
}

export function exportedReceipt(row: typeof receipts.$inferSelect): AccountExport["receipts"][number] {
  return {
    number: row.number,
    orderNumber: row.orderNumber,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    amount: toMajor(row.amountCents, row.currency),
    currency: row.currency,
    paidAt: iso(row.paidAt),
  };
}

export function exportedSubscription(
  row: typeof subscriptions.$inferSelect,
): AccountExport["subscriptions"][number] {
  return {
    orderId: row.orderId,
    interval: row.interval,
    status: row.status,
    currentPeriodStart: iso(row.currentPeriodStart),
    currentPeriodEnd: iso(row.currentPeriodEnd),
  };
}

/** These quotes and invoices with their lines (one statement for the lines of all of them). */
export async function exportedSalesDocuments(
  db: Database,
  rows: (typeof salesDocuments.$inferSelect)[],
): Promise<AccountExport["salesDocuments"]> {
  const lines = await linesOfSalesDocuments(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    kind: row.kind,
    number: row.number,
    revision: row.revision,
    state: row.state,
    name: row.name,
    email: row.email,
    note: row.note,
    validUntil: row.validUntil,
    dueDate: row.dueDate,
    currency: row.currency,
    total: toMajor(row.totalCents, row.currency),
    lines: lines
      .filter((line) => line.documentId === row.id)
      .map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitPrice: toMajor(line.unitPriceCents, row.currency),
        recurring: line.recurring,
      })),
    orderId: row.orderId,
    sentAt: isoOrNull(row.sentAt),
    acceptedAt: isoOrNull(row.acceptedAt),
    declinedAt: isoOrNull(row.declinedAt),
    declineReason: row.declineReason,
    paidAt: isoOrNull(row.paidAt),
    voidedAt: isoOrNull(row.voidedAt),
  }));
}
