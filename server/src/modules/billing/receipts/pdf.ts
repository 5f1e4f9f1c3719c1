import {
  defaultMoneyLocale,
  formatMajorMoney,
  type MoneyDisplay,
  printedBuyer,
  type Receipt,
  receiptMessages,
} from "@agency/contract";
import { formatCard, formatDate, formatPeriod } from "../../../mail/format.js";
import { type DocumentWriter, startDocument, wrapped, writeLetterhead } from "../../../pdf/document.js";

type ReceiptLine = [label: string, value: string];

/** A refund's receipt is a credit note. */
function isCreditNote(receipt: Pick<Receipt, "kind">): boolean {
  return receipt.kind === "credit_note";
}

function receiptTitle(receipt: Receipt): string {
  return receiptMessages.named(receipt.kind, receipt.number);
}

/**
 * The rows every rendering of a receipt shows (the printable page builds the same from JSON):
 * amounts in the receipt's own currency, written for `locale` (the shop's).
 */
function receiptLines(
  receipt: Receipt,
  locale: string = defaultMoneyLocale,
  display: MoneyDisplay = "symbol",
): { items: ReceiptLine[]; payment: ReceiptLine[] } {
  const money = (amount: number) => formatMajorMoney(amount, receipt.currency, locale, { display });
  const refund = isCreditNote(receipt);
  const discount: ReceiptLine[] =
    receipt.discount > 0
      ? [[receipt.promoCode ? `Discount (code ${receipt.promoCode})` : "Discount", money(-receipt.discount)]]
      : [];
  const period: ReceiptLine[] = receipt.period ? [["Service period", formatPeriod(receipt.period)]] : [];
  const lines: ReceiptLine[] = receipt.lines.map((line) => [
    line.quantity === 1 ? line.description : `${line.quantity} x ${line.description}`,
    money(line.amount),
  ]);
  return {
    items: [
      ...lines,
      ...discount,
      [`Tax included (${receipt.taxRatePercent}%)`, money(receipt.tax)],
      [refund ? "Total refunded" : "Total paid", money(receipt.amount)],
    ],
    payment: [
      ...period,
      [
        refund ? "Refunded to" : "Paid with",
        formatCard(receipt.card?.brand ?? null, receipt.card?.last4 ?? null),
      ],
      [refund ? "Date refunded" : "Date paid", formatDate(new Date(receipt.paidAt))],
      ...(refund && receipt.refundReason ? ([["Reason", receipt.refundReason]] as ReceiptLine[]) : []),
      ["Order", `#${receipt.orderNumber}`],
      ["Transaction", receipt.transactionId],
    ],
  };
}

/**
 * The receipt's rows for the PDF: a currency symbol the standard fonts cannot write ("₹", the
 * full-width "￥") gives way to the currency's code.
 */
function printableLines(receipt: Receipt, locale: string, doc: DocumentWriter) {
  const lines = receiptLines(receipt, locale);
  const writable = lines.items.every(([, value]) => doc.writable(value));
  return writable ? lines : receiptLines(receipt, locale, "code");
}

/** Who the receipt is to: the client company as it printed then (its address, VAT ID), and the person. */
function billedTo(receipt: Pick<Receipt, "buyer" | "customer">): string[] {
  return [...printedBuyer(receipt.buyer), receipt.customer.name, receipt.customer.email];
}

/**
 * An A4 PDF of the receipt, with the seller's details as they were when it was issued, and their
 * logo (a PNG of it) when one could be read; amounts are written for `locale` (the shop's).
 */
export async function receiptPdf(
  receipt: Receipt,
  logoPng?: Uint8Array,
  locale: string = defaultMoneyLocale,
): Promise<Uint8Array> {
  const doc = await startDocument({
    title: receiptTitle(receipt),
    author: receipt.seller.name,
    created: new Date(receipt.issuedAt),
  });
  const { write, writeRight, line, rule, regular, bold } = doc;
  await writeLetterhead(doc, receipt.seller, logoPng);

  line(20);
  write(receiptTitle(receipt), { size: 16, font: bold });
  line(18);
  write(`Issued ${formatDate(new Date(receipt.issuedAt))}`, { grey: true });
  if (receipt.credits) {
    line(16);
    write(receiptMessages.creditsReceipt(receipt.credits.number));
  }
  line(28);

  write("Billed to", { font: bold });
  line();
  for (const text of billedTo(receipt)) {
    write(text);
    line(14);
  }
  line(14);

  const { items, payment } = printableLines(receipt, locale, doc);
  write("Description", { font: bold });
  writeRight("Amount", { font: bold });
  line(8);
  rule();
  items.forEach(([label, value], index) => {
    const last = index === items.length - 1;
    if (last) rule();
    write(label, { font: last ? bold : regular });
    writeRight(value, { font: last ? bold : regular });
    line(18);
  });

  line(16);
  const valueX = doc.left + 110;
  for (const [label, value] of payment) {
    write(label, { grey: true });
    // A value wider than its column (a credit note's reason) goes on as many lines as it needs.
    for (const part of wrapped(regular, value, 11, doc.right - valueX)) {
      write(part, { x: valueX });
      line(16);
    }
  }

  line(24);
  write("Thank you for your business.", { grey: true });
  return doc.pdf.save();
}
