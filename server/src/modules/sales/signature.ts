import { createHash } from "node:crypto";
import { formatMoney, salesLabel } from "@agency/contract";
import { PDFDocument } from "pdf-lib";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { startDocument, wrapped } from "../../pdf/document.js";
import { recordAudit } from "../audit/index.js";
import { shopMoney } from "../catalog/index.js";
import { type Letterhead, salesPdfOf } from "./pdf.js";
import type { SalesRow } from "./queries/documents.js";
import type { SalesLineRow } from "./queries/lines.js";
import { insertSignature } from "./queries/signatures.js";

/** What the server knows of the signer besides their account: where they signed from. */
export type SigningEvidence = { name: string; ip: string; userAgent: string };

const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The quote's PDF as its reader sees it now, before the answer: what they sign. */
export async function shownPdf(db: Database, letterhead: Letterhead, row: SalesRow) {
  const pdf = await salesPdfOf(db, letterhead, row);
  return { pdf, sha256: sha256Hex(pdf) };
}

/**
 * The signed PDF: the quote's PDF as shown, unchanged, followed by a signature page that names
 * the signer, the time, their address and browser, the options chosen, the total and the SHA-256
 * of the pages before it.
 */
async function signedPdf(
  shown: { pdf: Uint8Array; sha256: string },
  facts: {
    label: string;
    seller: string;
    signer: SigningEvidence & { email: string };
    at: Date;
    total: string;
    chosen: string[];
  },
): Promise<Uint8Array> {
  const page = await startDocument({
    title: `${facts.label} signature`,
    author: facts.seller,
    created: facts.at,
  });
  const { write, line, bold, regular } = page;
  write("Signature", { font: bold, size: 16 });
  line(24);
  write(`${facts.label} was accepted and signed electronically by typing a name and ticking to accept.`);
  line(24);
  const rows: [string, string][] = [
    ["Signed by", facts.signer.name],
    ["Account", facts.signer.email],
    ["Signed at", `${facts.at.toISOString().replace("T", " ").slice(0, 19)} UTC`],
    ["IP address", facts.signer.ip],
    ["Total accepted", facts.total],
    ...(facts.chosen.length > 0 ? ([["Options chosen", facts.chosen.join("; ")]] as [string, string][]) : []),
  ];
  for (const [label, value] of rows) {
    write(label, { grey: true });
    const parts = wrapped(regular, value, 11, page.right - page.left - 120);
    parts.forEach((part, index) => {
      if (index > 0) line(14);
      write(part, { x: page.left + 120 });
    });
    line(18);
  }
  write("Browser", { grey: true });
  for (const [index, part] of wrapped(
    regular,
    facts.signer.userAgent || "-",
    9,
    page.right - page.left - 120,
  ).entries()) {
    if (index > 0) line(12);
    write(part, { x: page.left + 120, size: 9 });
  }
  line(24);
  write("SHA-256 of the quote as shown (the pages before this one):", { grey: true });
  line(16);
  write(shown.sha256, { size: 9 });

  const signed = await PDFDocument.load(shown.pdf, { updateMetadata: false });
  const signaturePage = await PDFDocument.load(await page.pdf.save(), { updateMetadata: false });
  for (const copied of await signed.copyPages(signaturePage, signaturePage.getPageIndices())) {
    signed.addPage(copied);
  }
  signed.setModificationDate(facts.at);
  return signed.save();
}

/**
 * Keeps the signature of a quote being accepted, in the acceptance's transaction: the hash of the
 * PDF that was shown, and the signed PDF made from it. The audit log records it.
 */
export async function keepSignature(
  tx: Database,
  letterhead: Letterhead,
  input: {
    caller: SessionUser;
    shown: { pdf: Uint8Array; sha256: string };
    accepted: SalesRow;
    lines: SalesLineRow[];
    evidence: SigningEvidence;
    at: Date;
  },
): Promise<void> {
  const { accepted, caller, evidence, at, shown } = input;
  const [seller, money] = await Promise.all([letterhead.seller(tx), shopMoney(tx)]);
  const label = salesLabel(accepted);
  const pdf = await signedPdf(shown, {
    label,
    seller: seller.name,
    signer: { ...evidence, email: caller.email },
    at,
    total: formatMoney(accepted.totalCents, accepted.currency, money.locale),
    chosen: input.lines.filter((line) => line.optional && line.chosen).map((line) => line.description),
  });
  await insertSignature(tx, {
    documentId: accepted.id,
    userId: caller.id,
    name: evidence.name,
    email: caller.email,
    signedAt: at,
    ip: evidence.ip,
    userAgent: evidence.userAgent,
    pdfSha256: shown.sha256,
    signedPdf: Buffer.from(pdf),
  });
  await recordAudit(tx, {
    actor: { type: "customer", id: caller.id },
    action: "quote.signed",
    subject: { type: "quote", id: accepted.seriesId, label },
    after: { name: evidence.name, pdfSha256: shown.sha256, ip: evidence.ip },
  });
}
