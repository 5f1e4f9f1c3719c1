import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { ReceiptSeller } from "../db/schema.js";

/** Who issues a document (a receipt, a quote, an invoice): the shop as its letterhead prints it. */
export type DocumentSeller = ReceiptSeller;

const a4 = { width: 595.28, height: 841.89 } as const;
const margin = 56;
const grey = rgb(0.42, 0.45, 0.5);

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

/**
 * `text` (as the font can write it) in lines no wider than `width`, broken between words (a longer
 * word on a line of its own).
 */
export function wrapped(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of encodable(font, text).split(/\s+/).filter(Boolean)) {
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

type TextOptions = { size?: number; font?: PDFFont; grey?: boolean; x?: number };

/** An A4 document written top to bottom: text at the cursor, which moves down line by line. */
export type DocumentWriter = {
  pdf: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  left: number;
  right: number;
  write(text: string, options?: TextOptions): void;
  /** Text that ends at `x` (the right margin unless given). */
  writeRight(text: string, options?: TextOptions): void;
  /** Moves the cursor down; onto a new page when less than `keep` points would be left. */
  line(gap?: number, keep?: number): void;
  /** A thin line across the page just above the cursor. */
  rule(): void;
  /** Whether `text` can be written in the standard fonts as it is ("₹" cannot). */
  writable(text: string): boolean;
  /** A PNG fitted into the box, its top at the cursor's line; answers the height it took. */
  image(png: Uint8Array, box: { width: number; height: number }): Promise<number>;
};

/** A new A4 PDF with its title, author and date set, and its first page open. */
export async function startDocument(meta: {
  title: string;
  author: string;
  created: Date;
}): Promise<DocumentWriter> {
  // The same document makes the same bytes (no "modified now"): a signature names a PDF by its hash.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setCreationDate(meta.created);
  pdf.setModificationDate(meta.created);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([a4.width, a4.height]);
  let y = a4.height - 64;
  const right = a4.width - margin;

  const draw = (text: string, options: TextOptions, alignRight: boolean) => {
    const font = options.font ?? regular;
    const size = options.size ?? 11;
    const safe = encodable(font, text);
    const x = alignRight ? (options.x ?? right) - font.widthOfTextAtSize(safe, size) : (options.x ?? margin);
    page.drawText(safe, { x, y, size, font, color: options.grey ? grey : undefined });
  };
  return {
    pdf,
    regular,
    bold,
    left: margin,
    right,
    write: (text, options = {}) => draw(text, options, false),
    writeRight: (text, options = {}) => draw(text, options, true),
    line(gap = 16, keep = 0) {
      y -= gap;
      if (y - keep < margin) {
        page = pdf.addPage([a4.width, a4.height]);
        y = a4.height - 64;
      }
    },
    rule() {
      page.drawLine({
        start: { x: margin, y: y + 6 },
        end: { x: right, y: y + 6 },
        thickness: 0.5,
        color: grey,
      });
      y -= 12;
    },
    writable: (text) => !encodable(regular, text).includes("?"),
    async image(png, box) {
      const image = await pdf.embedPng(png);
      const fitted = image.scaleToFit(box.width, box.height);
      page.drawImage(image, {
        x: margin,
        y: y - fitted.height + 14,
        width: fitted.width,
        height: fitted.height,
      });
      return fitted.height;
    },
  };
}

/**
 * The letterhead every document of the shop opens with: the logo (a PNG of it) when one could be
 * read, the name, and the address, e-mail, phone and tax ID beneath.
 */
export async function writeLetterhead(
  doc: DocumentWriter,
  seller: DocumentSeller,
  logoPng?: Uint8Array,
): Promise<void> {
  if (logoPng) doc.line((await doc.image(logoPng, { width: 180, height: 40 })) + 8);
  doc.write(seller.name, { size: 18, font: doc.bold });
  doc.line(22);
  for (const text of [
    ...seller.address,
    seller.email,
    ...(seller.phone ? [seller.phone] : []),
    ...(seller.taxId ? [`Tax ID: ${seller.taxId}`] : []),
  ]) {
    doc.write(text, { grey: true });
    doc.line(14);
  }
}
