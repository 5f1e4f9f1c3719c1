import {
  type AccountingExportQuery,
  type AccountingFormat,
  formatOrderNumber,
  receiptMessages,
} from "@agency/contract";
import { visibleOrdersOf } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { shopMoney } from "../catalog/index.js";
import { type AccountingRow, receiptsIssuedBetweenInBatches } from "./accounting-queries.js";
import { type CsvValue, csvChunks, money } from "./csv.js";

/**
 * The columns of Xero's sales invoice import template, in its order, named as the template names
 * them (an asterisk marks what Xero requires). See docs/decisions/031-accounting-export.md.
 */
export const xeroColumns = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;

/** The column headings QuickBooks Online maps by itself when importing invoices (Intuit's list). */
export const quickBooksColumns = [
  "Invoice number",
  "Customer",
  "Invoice date",
  "Due date",
  "Terms",
  "Memo",
  "Item(Product/Service)",
  "Item Description",
  "Item Quantity",
  "Item Rate",
  "Item Amount",
  "Item tax code",
  "Service Date",
  "Currency Code",
] as const;

/** Xero's sales account in its standard chart; the accountant recodes on import if theirs differs. */
const salesAccountCode = "200";

/** The month's first instant and the next month's, in UTC. */
function monthInUtc(month: string): { from: Date; to: Date } {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, index - 1, 1)), to: new Date(Date.UTC(year, index, 1)) };
}

/** Dates as the importer reads them: month first where the shop writes them so (en-US), else day first. */
function dateWriter(locale: string) {
  const monthFirst = locale === "en-US";
  return (date: Date) => {
    const day = String(date.getUTCDate()).padStart(2, "0");
    const month = String(date.getUTCMonth() + 1).padStart(2, "0");
    const year = date.getUTCFullYear();
    return monthFirst ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
  };
}

/** Who the document is to: the client company as it printed, else the person. */
const contactOf = (row: AccountingRow) => row.buyer?.company ?? row.customerName;

/** One line for the document: what it was for, and for a credit note the receipt it credits and why. */
function descriptionOf(row: AccountingRow): string {
  const what = row.lines?.length
    ? row.lines.map((line) =>
        line.quantity === 1 ? line.description : `${line.quantity} x ${line.description}`,
      )
    : [`${row.service} (${row.serviceDuration})`];
  const code = row.promoCode ? [`code ${row.promoCode}`] : [];
  const credit =
    row.kind === "credit_note"
      ? [
          receiptMessages.named("credit_note", row.number),
          ...(row.creditsNumber ? [receiptMessages.creditsReceipt(row.creditsNumber)] : []),
          ...(row.refundReason ? [`Reason: ${row.refundReason}`] : []),
        ]
      : [];
  return [...credit, ...what, ...code].join("; ");
}

/** What the document paid or credited: its order, else its provider's transaction. */
const referenceOf = (row: AccountingRow) =>
  row.orderNumber !== null && row.orderNumber !== undefined
    ? `Order ${formatOrderNumber(row.orderNumber)}`
    : row.transactionId;

function xeroLine(row: AccountingRow, date: (value: Date) => string): CsvValue[] {
  const address = row.buyer?.address ?? [];
  return [
    contactOf(row),
    row.customerEmail,
    address[0],
    address[1],
    address[2],
    address.slice(3).join(", ") || null,
    null,
    null,
    null,
    null,
    row.number,
    referenceOf(row),
    date(row.issuedAt),
    // Paid when issued: a receipt is due the day it was paid, a credit note the day it was given.
    date(row.issuedAt),
    null,
    descriptionOf(row),
    1,
    // Prices include the tax (choose "Tax inclusive" when importing); a credit note's is negative.
    money(row.amountCents, row.currency),
    null,
    salesAccountCode,
    // Left empty, Xero applies the account's own tax rate.
    null,
    null,
    null,
    null,
    null,
    row.currency.toUpperCase(),
    null,
  ];
}

function quickBooksLine(row: AccountingRow, date: (value: Date) => string): CsvValue[] {
  return [
    row.number,
    contactOf(row),
    date(row.issuedAt),
    date(row.issuedAt),
    "Due on receipt",
    row.kind === "credit_note" ? receiptMessages.named("credit_note", row.number) : null,
    `${row.service} (${row.serviceDuration})`,
    descriptionOf(row),
    1,
    money(row.amountCents, row.currency),
    money(row.amountCents, row.currency),
    null,
    date(row.issuedAt),
    row.currency.toUpperCase(),
  ];
}

/**
 * The month's receipts (card payments, invoice payments, any provider) and credit notes (negative)
 * in the import layout of `format`, oldest first, read a batch at a time.
 */
export async function* accountingCsv(
  db: Database,
  caller: SessionUser,
  query: AccountingExportQuery,
): AsyncGenerator<string> {
  const { from, to } = monthInUtc(query.month);
  const date = dateWriter((await shopMoney(db)).locale);
  const layouts: Record<AccountingFormat, { header: readonly string[]; line: typeof xeroLine }> = {
    xero: { header: xeroColumns, line: xeroLine },
    quickbooks: { header: quickBooksColumns, line: quickBooksLine },
  };
  const { header, line } = layouts[query.format];
  yield* csvChunks(
    header,
    receiptsIssuedBetweenInBatches(db, { from, to, visibleOrders: visibleOrdersOf(caller) }),
    (row) => line(row, date),
  );
}
