import {
  type CustomerSalesDocument,
  formatMoney,
  type MoneyDisplay,
  printedBuyer,
  salesLabel,
} from "@agency/contract";
import type { Database } from "../../db/client.js";
import { formatDate } from "../../mail/format.js";
import type { MailAttachment } from "../../mail/mailer.js";
import {
  type DocumentSeller,
  type DocumentWriter,
  startDocument,
  wrapped,
  writeLetterhead,
} from "../../pdf/document.js";
import { shopMoney } from "../catalog/index.js";
import { linesOf } from "./present.js";
import type { SalesRow } from "./queries/documents.js";
import type { SalesLineRow } from "./queries/lines.js";
import { invoiceTerms } from "./terms.js";

/**
 * Where a quote's or invoice's PDF takes its letterhead from: the shop as it presents itself now
 * (the receipts' seller) and its logo as a PNG. Sending keeps a copy of the seller on the
 * revision, which its PDF prints from then on.
 */
export type Letterhead = {
  seller(reader: Database): Promise<DocumentSeller>;
  logoPng(logo: string): Promise<Uint8Array | undefined>;
};

/** Q-2026-0001.pdf; a later revision Q-2026-0001-rev-2.pdf; a draft draft-quote.pdf. */
export function salesPdfName(row: Pick<SalesRow, "kind" | "number" | "revision">): string {
  if (!row.number) return `draft-${row.kind}.pdf`;
  return row.revision > 1 ? `${row.number}-rev-${row.revision}.pdf` : `${row.number}.pdf`;
}

const dayText = (day: string) => formatDate(new Date(`${day}T00:00:00Z`));
const every = (interval: "monthly" | "yearly") => (interval === "yearly" ? "every year" : "every month");

/** The amounts the PDF writes, in the document's currency as the shop's locale writes them. */
/**
 * How an optional line prints: offered, before the client answers (it is not in the total); chosen
 * or not, once the quote is accepted.
 */
function optionalMark(row: SalesRow, line: SalesLineRow): string | null {
  if (!line.optional) return null;
  if (!row.acceptedAt) return "Optional: not in the total unless chosen";
  return line.chosen ? "Optional: chosen" : "Optional: not chosen";
}

function amountsOf(row: SalesRow, lines: SalesLineRow[], locale: string, display: MoneyDisplay) {
  const money = (minor: number) => formatMoney(minor, row.currency, locale, { display });
  return {
    lines: lines.map((line) => ({
      unit: money(line.unitPriceCents),
      amount: money(line.quantity * line.unitPriceCents),
    })),
    total: money(row.totalCents),
    recurring: row.recurringInterval ? `${money(row.recurringCents)} ${every(row.recurringInterval)}` : null,
  };
}

/**
 * Amounts with the currency's symbol, unless the standard fonts cannot write it ("₹"): then with
 * its code.
 */
function printableAmounts(doc: DocumentWriter, row: SalesRow, lines: SalesLineRow[], locale: string) {
  const amounts = amountsOf(row, lines, locale, "symbol");
  const all = [amounts.total, ...amounts.lines.flatMap((line) => [line.unit, line.amount])];
  return all.every((text) => doc.writable(text)) ? amounts : amountsOf(row, lines, locale, "code");
}

/** The dates and numbers under the title: revision, sent, valid until (quotes) or due (invoices). */
function facts(row: SalesRow): Array<[string, string]> {
  const quote = row.kind === "quote";
  const day = quote ? row.validUntil : row.dueDate;
  return [
    ["Revision", String(row.revision)],
    ["Date sent", row.sentAt ? formatDate(row.sentAt) : "Not sent yet (draft)"],
    ...(day ? ([[quote ? "Valid until" : "Due date", dayText(day)]] as Array<[string, string]>) : []),
  ];
}

/** Who it is to: the client company as it printed when sent (with its VAT ID), then the addressee. */
function addressedTo(row: SalesRow): string[] {
  return [...printedBuyer(row.buyer), ...(row.name ? [row.name] : []), row.email];
}

type InvoiceTerms = NonNullable<CustomerSalesDocument["terms"]>;

/** An invoice's terms: the days it gives, and the agency's bank account with the reference to quote. */
function termsLines(terms: InvoiceTerms): Array<[string, string]> {
  const bank = terms.bank;
  const account: Array<[string, string]> = bank
    ? [
        ["Account name", bank.accountName],
        ["Bank", bank.bankName],
        ["IBAN", bank.iban],
        ["BIC", bank.bic],
        ["Account number", bank.accountNumber],
        ["Sort code", bank.sortCode],
      ]
    : [];
  return [
    ["Terms", `Payment due within ${terms.dueInDays} days`],
    ...account.filter(([, value]) => value),
    ...(bank && terms.reference ? ([["Reference", terms.reference]] as Array<[string, string]>) : []),
  ];
}

/**
 * An A4 PDF of one revision of a quote or invoice: the letterhead, the client, its number, dates,
 * lines (recurring ones marked), total and note; amounts written for `locale` (the shop's).
 */
async function salesPdf(input: {
  row: SalesRow;
  lines: SalesLineRow[];
  seller: DocumentSeller;
  logoPng?: Uint8Array;
  locale: string;
  terms?: InvoiceTerms | null;
}): Promise<Uint8Array> {
  const { row, lines, seller } = input;
  const kindName = row.kind === "quote" ? "Quote" : "Invoice";
  const title = row.number ? `${kindName} ${row.number}` : salesLabel(row);
  const doc = await startDocument({ title, author: seller.name, created: row.sentAt ?? row.createdAt });
  const { write, writeRight, line, rule, regular, bold } = doc;
  await writeLetterhead(doc, seller, input.logoPng);

  line(20);
  write(title, { size: 16, font: bold });
  line(20);
  for (const [label, value] of facts(row)) {
    write(label, { grey: true });
    write(value, { x: doc.left + 90 });
    line(15);
  }
  line(14);

  write(row.kind === "quote" ? "Prepared for" : "Billed to", { font: bold });
  line();
  for (const text of addressedTo(row)) {
    write(text);
    line(14);
  }
  line(14);

  const amounts = printableAmounts(doc, row, lines, input.locale);
  const columns = { quantity: doc.right - 190, unit: doc.right - 95 };
  const descriptionWidth = columns.quantity - 40 - doc.left;
  write("Description", { font: bold });
  writeRight("Qty", { font: bold, x: columns.quantity });
  writeRight("Unit price", { font: bold, x: columns.unit });
  writeRight("Amount", { font: bold });
  line(8);
  rule();
  lines.forEach((item, index) => {
    const parts = wrapped(regular, item.description, 11, descriptionWidth);
    const marks = [
      item.recurring ? `Recurring: ${every(item.recurring)}` : null,
      optionalMark(row, item),
    ].filter((mark): mark is string => mark !== null);
    line(0, 16 * parts.length + 14 * marks.length);
    const written = amounts.lines[index];
    writeRight(String(item.quantity), { x: columns.quantity });
    writeRight(written?.unit ?? "", { x: columns.unit });
    writeRight(written?.amount ?? "", {});
    parts.forEach((part, at) => {
      if (at > 0) line(14);
      write(part);
    });
    for (const mark of marks) {
      line(13);
      write(mark, { size: 9, grey: true });
    }
    line(18);
  });
  rule();
  write("Total", { font: bold });
  writeRight(amounts.total, { font: bold });
  line(16);
  if (amounts.recurring) {
    write("Then", { grey: true });
    writeRight(amounts.recurring, { grey: true });
    line(16);
  }

  if (input.terms) {
    line(16, 110);
    write("Payment", { font: bold });
    line();
    for (const [label, value] of termsLines(input.terms)) {
      write(label, { grey: true });
      write(value, { x: doc.left + 110 });
      line(15, 15);
    }
  }

  if (row.note) {
    line(16, 40);
    write("Note", { font: bold });
    line();
    for (const paragraph of row.note.split(/\r?\n/)) {
      for (const part of wrapped(regular, paragraph, 11, doc.right - doc.left)) {
        write(part);
        line(14, 14);
      }
    }
  }

  line(24);
  write("Thank you for your business.", { grey: true });
  return doc.pdf.save();
}

/** One revision's PDF, with the shop's letterhead and amounts in the shop's money locale. */
export async function salesPdfOf(
  db: Database,
  letterhead: Letterhead,
  row: SalesRow,
  locale?: string,
): Promise<Uint8Array> {
  const [lines, seller, money, terms] = await Promise.all([
    linesOf(db, [row.id]),
    // A sent revision prints the letterhead it was sent with; a draft (or one sent before it was
    // kept) the shop's as it is now.
    row.seller ?? letterhead.seller(db),
    locale ? { locale } : shopMoney(db),
    row.kind === "invoice" ? invoiceTerms(db, row) : null,
  ]);
  return salesPdf({
    row,
    lines: lines.get(row.id) ?? [],
    seller,
    logoPng: await letterhead.logoPng(seller.logo),
    locale: money.locale,
    terms,
  });
}

/** The revision's PDF as a mail carries it. */
export async function salesPdfAttachment(
  db: Database,
  letterhead: Letterhead,
  row: SalesRow,
  locale: string,
): Promise<MailAttachment> {
  return {
    filename: salesPdfName(row),
    contentType: "application/pdf",
    contentBase64: Buffer.from(await salesPdfOf(db, letterhead, row, locale)).toString("base64"),
  };
}
