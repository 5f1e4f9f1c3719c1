import { type AccountExport, defaultCurrency, toMajor } from "@agency/contract";
import { strToU8, type Zippable, zip } from "fflate";
import type { Database } from "../../db/client.js";
import { notFound } from "../../errors.js";
import type { FileStorage } from "../../storage/storage.js";
import { type AuditActor, recordAudit } from "../audit/index.js";
import {
  accountProfile,
  briefsOfOrders,
  customerFilesOldestFirst,
  customerMessagesOldestFirst,
  leadsFromOldestFirst,
  linesOfOrders,
  linesOfSalesDocuments,
  mailOptOutsOf,
  orderHistoryOldestFirst,
  ordersOfOldestFirst,
  paymentsOfOldestFirst,
  plansOf,
  receiptsOfOldestFirst,
  reviewsOfOldestFirst,
  salesDocumentsSentTo,
  sessionsOf,
  signInMethodsOf,
  storageKeysOf,
} from "./queries.js";

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** A file's place in the zip: one folder per order, the id keeps two files of one name apart. */
function zipPath(orderNumber: number, file: { id: string; name: string }) {
  return `files/order-${orderNumber}/${file.id}-${file.name}`;
}

/**
 * Everything kept about one customer, read by their id only: their own rows, and in the threads
 * of their orders what they were shown (no internal notes, others named as the thread names them).
 */
async function collectAccountExport(db: Database, userId: string): Promise<AccountExport> {
  const profile = await accountProfile(db, userId);
  if (!profile) throw notFound("The account");
  const email = profile.email.toLowerCase();

  const orderRows = await ordersOfOldestFirst(db, userId);
  const orderIds = orderRows.map((row) => row.id);

  const [signIns, sessions, briefs, events, thread, fileRows, paymentRows, receiptRows, plans] =
    await Promise.all([
      signInMethodsOf(db, userId),
      sessionsOf(db, userId),
      briefsOfOrders(db, orderIds),
      orderHistoryOldestFirst(db, orderIds),
      customerMessagesOldestFirst(db, orderIds),
      customerFilesOldestFirst(db, orderIds, userId),
      paymentsOfOldestFirst(db, userId),
      receiptsOfOldestFirst(db, userId),
      plansOf(db, userId),
    ]);
  const [reviewRows, leadRows, optOut, lineRows, salesRows] = await Promise.all([
    reviewsOfOldestFirst(db, userId),
    leadsFromOldestFirst(db, email),
    mailOptOutsOf(db, email),
    linesOfOrders(db, orderIds),
    salesDocumentsSentTo(db, userId, email),
  ]);
  const salesLines = await linesOfSalesDocuments(
    db,
    salesRows.map((row) => row.id),
  );

  const numberOf = new Map(orderRows.map((row) => [row.id, row.number]));
  // A payment is in its order's currency.
  const currencies = new Map(orderRows.map((row) => [row.id, row.currency]));
  const currencyOf = (orderId: string) => currencies.get(orderId) ?? defaultCurrency;
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

  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      emailVerified: profile.emailVerified,
      role: profile.role,
      createdAt: iso(profile.createdAt),
      lastLoginAt: isoOrNull(profile.lastLoginAt),
    },
    signInMethods: signIns.map((row) => ({ provider: row.providerId, createdAt: iso(row.createdAt) })),
    sessions: sessions.map((row) => ({
      createdAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
    })),
    orders: orderRows.map((row) => ({
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
    })),
    payments: paymentRows.map((row) => ({
      _id: row.id,
      orderId: row.orderId,
      email: row.email,
      provider: row.provider,
      transactionId: row.transactionId,
      amount: toMajor(row.amountCents, currencyOf(row.orderId)),
      currency: currencyOf(row.orderId),
      paymentTime: iso(row.paymentTime),
      refundOf: row.refundOf,
      refundReason: row.refundReason,
    })),
    salesDocuments: salesRows.map((row) => ({
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
      lines: salesLines
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
    })),
    receipts: receiptRows.map((row) => ({
      number: row.number,
      orderNumber: row.orderNumber,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      amount: toMajor(row.amountCents, row.currency),
      currency: row.currency,
      paidAt: iso(row.paidAt),
    })),
    subscriptions: plans.map((row) => ({
      orderId: row.orderId,
      interval: row.interval,
      status: row.status,
      currentPeriodStart: iso(row.currentPeriodStart),
      currentPeriodEnd: iso(row.currentPeriodEnd),
    })),
    reviews: reviewRows.map((row) => ({
      _id: row.id,
      name: row.name,
      comment: row.comment,
      createdAt: iso(row.createdAt),
    })),
    leads: leadRows.map((row) => ({
      kind: row.kind,
      name: row.name,
      email: row.email,
      website: row.website,
      message: row.message,
      createdAt: iso(row.createdAt),
    })),
    mail: { optionalMailOff: optOut.length > 0 },
  };
}

/** Who took a copy of whose data, and what it held (counts, no contents), in the audit log. */
async function recordExport(
  db: Database,
  actor: AuditActor,
  data: AccountExport,
  format: "json" | "zip",
): Promise<void> {
  await db.transaction((tx) =>
    recordAudit(tx, {
      actor,
      action: "export.account_data",
      subject: { type: "user", id: data.profile.id },
      after: {
        format,
        orders: data.orders.length,
        payments: data.payments.length,
        files: data.orders.reduce((sum, order) => sum + order.files.length, 0),
      },
    }),
  );
}

/** The export as a JSON document, recorded in the audit log before it is handed over. */
export async function buildAccountExport(
  db: Database,
  actor: AuditActor,
  userId: string,
): Promise<AccountExport> {
  const data = await collectAccountExport(db, userId);
  await recordExport(db, actor, data, "json");
  return data;
}

/** The export as a zip: `data.json` and the files of the customer's orders from the file storage. */
export async function buildAccountExportZip(
  db: Database,
  storage: FileStorage,
  actor: AuditActor,
  userId: string,
): Promise<Buffer> {
  const data = await collectAccountExport(db, userId);
  await recordExport(db, actor, data, "zip");
  const fileIds = data.orders.flatMap((order) => order.files.map((file) => file.id));
  const fileRows = await storageKeysOf(db, fileIds);
  const keyOf = new Map(fileRows.map((row) => [row.id, row.storageKey]));
  // Uploads are mostly compressed already (images, PDFs): they are stored, only the JSON is deflated.
  const entries: Zippable = { "data.json": [strToU8(JSON.stringify(data, null, 2)), { level: 6 }] };
  for (const order of data.orders) {
    for (const file of order.files) {
      const key = keyOf.get(file.id);
      const body = key ? await storage.get(key) : undefined;
      // A file whose bytes are gone (removed from the storage by hand) is listed, not zipped.
      if (body) entries[file.path] = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    }
  }
  return new Promise((resolve, reject) => {
    zip(entries, { level: 0, mtime: new Date() }, (error, archive) => {
      if (error) reject(error);
      else resolve(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
    });
  });
}
