import type { AccountExport } from "@agency/contract";
import { strToU8, type Zippable, zip } from "fflate";
import type { Database } from "../../db/client.js";
import { notFound } from "../../errors.js";
import type { FileStorage } from "../../storage/storage.js";
import { type AuditActor, recordAudit } from "../audit/index.js";
import {
  exportedOrders,
  exportedPayment,
  exportedReceipt,
  exportedSalesDocuments,
  exportedSubscription,
  iso,
  isoOrNull,
} from "./export-records.js";
import {
  accountProfile,
  leadsFromOldestFirst,
  mailOptOutsOf,
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

/**
 * Everything kept about one customer, read by their id only: their own rows, and in the threads
 * of their orders what they were shown (no internal notes, others named as the thread names them).
 */
async function collectAccountExport(db: Database, userId: string): Promise<AccountExport> {
  const profile = await accountProfile(db, userId);
  if (!profile) throw notFound("The account");
  const email = profile.email.toLowerCase();

  const orderRows = await ordersOfOldestFirst(db, userId);
  const [signIns, sessions, exportedOrderList, paymentRows, receiptRows, plans] = await Promise.all([
    signInMethodsOf(db, userId),
    sessionsOf(db, userId),
    exportedOrders(db, orderRows, userId),
    paymentsOfOldestFirst(db, userId),
    receiptsOfOldestFirst(db, userId),
    plansOf(db, userId),
  ]);
  const [reviewRows, leadRows, optOut, salesRows] = await Promise.all([
    reviewsOfOldestFirst(db, userId),
    leadsFromOldestFirst(db, email),
    mailOptOutsOf(db, email),
    salesDocumentsSentTo(db, userId, email),
  ]);
  const salesDocuments = await exportedSalesDocuments(db, salesRows);
  // A payment is in its order's currency.
  const currencies = new Map(orderRows.map((row) => [row.id, row.currency]));

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
    orders: exportedOrderList,
    payments: paymentRows.map((row) => exportedPayment(row, (orderId) => currencies.get(orderId))),
    salesDocuments,
    receipts: receiptRows.map(exportedReceipt),
    subscriptions: plans.map(exportedSubscription),
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
