import { inflateSync } from "node:zlib";

export type PdfContents = {
  /** Every line of text drawn on the pages, in drawing order. */
  lines: string[];
  /** The pixel sizes of the pictures in the file (a logo, for instance). */
  images: Array<{ width: number; height: number }>;
};

const latin1 = new TextDecoder("windows-1252");

/**
 * Windows-1252's own characters at 0x80-0x9F ("€" is 0x80), which Node 20's decoder reads as
 * Latin-1's control characters.
 */
const windows1252High = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  return latin1
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (char) => windows1252High[char.charCodeAt(0) - 0x80] ?? char);
}

/**
 * What a reader of the PDF sees, read back from the file: the text the pages draw (pdf-lib writes
 * each `drawText` as one hex string shown with Tj, in a Flate-compressed content stream) and the
 * images embedded in it.
 */
export function readPdf(file: Buffer | Uint8Array): PdfContents {
  const raw = Buffer.from(file);
  const lines: string[] = [];
  const images: PdfContents["images"] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf("stream", at, "latin1");
    if (start < 0) break;
    const end = raw.indexOf("endstream", start, "latin1");
    if (end < 0) break;
    const dictionary = raw.subarray(raw.lastIndexOf("<<", start, "latin1"), start).toString("latin1");
    let bodyStart = start + "stream".length;
    if (raw[bodyStart] === 0x0d) bodyStart += 1;
    if (raw[bodyStart] === 0x0a) bodyStart += 1;
    const body = raw.subarray(bodyStart, end);
    at = end + "endstream".length;
    if (/\/Subtype\s*\/Image/.test(dictionary)) {
      const width = Number(dictionary.match(/\/Width\s+(\d+)/)?.[1]);
      const height = Number(dictionary.match(/\/Height\s+(\d+)/)?.[1]);
      images.push({ width, height });
      continue;
    }
    let content: string;
    try {
      content = (/\/FlateDecode/.test(dictionary) ? inflateSync(body) : body).toString("latin1");
    } catch {
      continue;
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(decodeWindows1252(Buffer.from(match[1] ?? "", "hex")));
    }
  }
  return { lines, images };
}
