import { Readable } from "node:stream";
import { type CompanyExport, clientMay, companyMessages } from "@agency/contract";
import type { FastifyReply } from "fastify";
import { clientCompanyOf, clientOrdersOf } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import {
  exportedOrders,
  exportedPayment,
  exportedReceipt,
  exportedSalesDocuments,
  exportedSubscription,
} from "../account/index.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import {
  companyOrderCount,
  companyOrdersBatch,
  companyPaymentsBatch,
  companyReceiptsBatch,
  companySalesDocumentsBatch,
  companySubscriptionsBatch,
  EXPORT_BATCH_SIZE,
} from "./export-queries.js";
import { companyOfCaller } from "./page.js";
import { companyById } from "./queries.js";

/** Reads a kind of record a batch at a time, each batch after the last row of the one before. */
async function* inBatches<Row>(
  read: (lastId: string | null) => Promise<Row[]>,
  idOf: (row: Row) => string,
): AsyncGenerator<Row[]> {
  let lastId: string | null = null;
  for (;;) {
    const rows = await read(lastId);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_SIZE) return;
    lastId = idOf(last);
  }
}

/** One array of the document, written as its batches come. */
async function* jsonArray<Row, Entry>(
  name: keyof CompanyExport,
  batches: AsyncIterable<Row[]>,
  write: (rows: Row[]) => Entry[] | Promise<Entry[]>,
): AsyncGenerator<string> {
  yield `,${JSON.stringify(name)}:[`;
  let first = true;
  for await (const rows of batches) {
    const entries = await write(rows);
    if (entries.length === 0) continue;
    yield `${first ? "" : ","}${entries.map((entry) => JSON.stringify(entry)).join(",")}`;
    first = false;
  }
  yield "]";
}

type Head = Pick<CompanyExport, "exportedAt" | "company" | "people">;

/**
 * The document's text, written while the company's records are read a batch at a time, so a
 * company of many orders is never held in memory whole. The arrays follow `CompanyExport`.
 */
async function* companyExportText(db: Database, caller: SessionUser, head: Head): AsyncGenerator<string> {
  const theirOrders = clientOrdersOf(caller);
  const opening = JSON.stringify(head);
  yield opening.slice(0, -1);
  yield* jsonArray(
    "orders",
    inBatches(
      (lastId) => companyOrdersBatch(db, theirOrders, lastId),
      (row) => row.id,
    ),
    // The files listed are those the Admin may download: attached ones, and their own uploads.
    (rows) => exportedOrders(db, rows, caller.id),
  );
  yield* jsonArray(
    "payments",
    inBatches(
      (lastId) => companyPaymentsBatch(db, theirOrders, lastId),
      (row) => row.payment.id,
    ),
    (rows) => rows.map(({ payment, currency }) => exportedPayment(payment, () => currency)),
  );
  for (const creditNotes of [false, true]) {
    yield* jsonArray(
      creditNotes ? "creditNotes" : "receipts",
      inBatches(
        (lastId) => companyReceiptsBatch(db, theirOrders, creditNotes, lastId),
        (row) => row.receipt.id,
      ),
      (rows) =>
        rows.map(({ receipt }) =>
          creditNotes
            ? { ...exportedReceipt(receipt), reason: receipt.refundReason }
            : exportedReceipt(receipt),
        ),
    );
  }
  yield* jsonArray(
    "subscriptions",
    inBatches(
      (lastId) => companySubscriptionsBatch(db, theirOrders, lastId),
      (row) => row.subscription.id,
    ),
    (rows) => rows.map(({ subscription }) => exportedSubscription(subscription)),
  );
  yield* jsonArray(
    "salesDocuments",
    inBatches(
      (lastId) => companySalesDocumentsBatch(db, head.company.id, lastId),
      (row) => row.id,
    ),
    (rows) => exportedSalesDocuments(db, rows),
  );
  yield "}";
}

/**
 * A company Admin's copy of everything kept about the company (`CompanyExport`): 404 to someone
 * in none and to the team, 403 to a person whose client role does not manage the company. Who
 * took it is in the audit log before the first byte leaves.
 */
export async function exportCompanyData(db: Database, caller: SessionUser): Promise<AsyncIterable<string>> {
  const company = await companyOfCaller(db, caller);
  // The orders are read through the caller's session (`clientOrdersOf`): while it still speaks of
  // another company than their row (a move seconds ago), there is nothing to export yet.
  if (clientCompanyOf(caller) !== company.id) throw new AppError("not_found", companyMessages.noCompany);
  if (!clientMay(company.yourRole, "people"))
    throw new AppError("forbidden", companyMessages.roleMayNot("people"));
  const row = await companyById(db, company.id);
  if (!row) throw new AppError("not_found", companyMessages.noCompany);
  const orderCount = await companyOrderCount(db, clientOrdersOf(caller));
  await db.transaction((tx) =>
    recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "company.exported",
      subject: { type: "company", id: company.id, label: company.name },
      after: { format: "json", people: company.people.length, orders: orderCount },
    }),
  );
  const head: Head = {
    exportedAt: new Date().toISOString(),
    company: {
      id: row.id,
      name: row.name,
      address: row.address,
      vatId: row.vatId,
      billingEmail: row.billingEmail,
      createdAt: row.createdAt.toISOString(),
    },
    people: company.people.map((person) => ({ name: person.name, email: person.email, role: person.role })),
  };
  return companyExportText(db, caller, head);
}

/** Sends the document as it is written, named as the one-person export is, after the date. */
export function sendCompanyExport(reply: FastifyReply, text: AsyncIterable<string>) {
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header("content-type", "application/json; charset=utf-8")
    .header("content-disposition", `attachment; filename="company-data-${date}.json"`)
    .header("cache-control", "private, no-store")
    .send(Readable.from(text));
}
