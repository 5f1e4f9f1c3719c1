import {
  defaultMoneyLocale,
  formatMajorMoney,
  type MoneyDisplay,
  printedBuyer,
  type Receipt,
  receiptMessages,
} from "@agency/contract";
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { formatCard, formatDate, formatPeriod } from "../../../mail/format.js";

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
 * The standard fonts know Windows-1252 only; anything else is shown as "?" rather than failing.
 * The thin spaces some locales group digits with are written as plain ones.
 */
function encodable(font: PDFFont, text: string): string {
  return [...text.replace(/[\u2007\u2009\u202f]/g, " ")]
    .map((char) => {
      try {
        font.encodeText(char);
        return char;
      } catch {
        return "?";
      }
    })
    .join("");
}

/** `text` in lines no wider than `width`, broken between words (a longer word on a line of its own). */
function wrapped(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  return [...lines, current];
}

/**
 * The receipt's rows for the PDF: a currency symbol the standard fonts cannot write ("₹", the
 * full-width "￥") gives way to the currency's code.
 */
function printableLines(receipt: Receipt, locale: string, font: PDFFont) {
  const lines = receiptLines(receipt, locale);
  const writable = lines.items.every(([, value]) => !encodable(font, value).includes("?"));
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
  const pdf = await PDFDocument.create();
  pdf.setTitle(receiptTitle(receipt));
  pdf.setAuthor(receipt.seller.name);
  pdf.setCreationDate(new Date(receipt.issuedAt));
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.42, 0.45, 0.5);
  const left = 56;
  const right = 595.28 - 56;
  let y = 841.89 - 64;

  const write = (
    text: string,
    options: { size?: number; font?: PDFFont; color?: typeof grey; x?: number } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? 11;
    page.drawText(encodable(font, text), { x: options.x ?? left, y, size, font, color: options.color });
  };
  const writeRight = (text: string, font = regular, size = 11) => {
    const safe = encodable(font, text);
    page.drawText(safe, { x: right - font.widthOfTextAtSize(safe, size), y, size, font });
  };
  const line = (gap = 16) => {
    y -= gap;
  };
  const rule = () => {
    page.drawLine({ start: { x: left, y: y + 6 }, end: { x: right, y: y + 6 }, thickness: 0.5, color: grey });
    line(12);
  };

  const { seller } = receipt;
  if (logoPng) {
    const logo = await pdf.embedPng(logoPng);
    const box = logo.scaleToFit(180, 40);
    page.drawImage(logo, { x: left, y: y - box.height + 14, width: box.width, height: box.height });
    line(box.height + 8);
  }
  write(seller.name, { size: 18, font: bold });
  line(22);
  for (const text of [
    ...seller.address,
    seller.email,
    ...(seller.phone ? [seller.phone] : []),
    ...(seller.taxId ? [`Tax ID: ${seller.taxId}`] : []),
  ]) {
    write(text, { color: grey });
    line(14);
  }

  line(20);
  write(receiptTitle(receipt), { size: 16, font: bold });
  line(18);
  write(`Issued ${formatDate(new Date(receipt.issuedAt))}`, { color: grey });
  if (receipt.credits) {
    line(16);
    write(receiptMessages.creditsReceipt(receipt.credits.number));
  }
  line(28);

  write("Billed to", { font: bold });
  line();
  for (const text of billedTo(receipt)) {
    write(encodable(regular, text));
    line(14);
  }
  line(14);

  const { items, payment } = printableLines(receipt, locale, regular);
  write("Description", { font: bold });
  writeRight("Amount", bold);
  line(8);
  rule();
  items.forEach(([label, value], index) => {
    const last = index === items.length - 1;
    if (last) rule();
    write(label, { font: last ? bold : regular });
    writeRight(value, last ? bold : regular);
    line(18);
  });

  line(16);
  const valueX = left + 110;
  for (const [label, value] of payment) {
    write(label, { color: grey });
    // A value wider than its column (a credit note's reason) goes on as many lines as it needs.
    for (const part of wrapped(regular, encodable(regular, value), 11, right - valueX)) {
      write(part, { x: valueX });
      line(16);
    }
  }

  line(24);
  write("Thank you for your business.", { color: grey });
  return pdf.save();
}
