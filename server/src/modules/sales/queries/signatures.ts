import type { SalesSignature } from "@agency/contract";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { salesSignatures } from "../../../db/schema.js";

export type SignatureRow = typeof salesSignatures.$inferInsert;

/** A quote's signature, written once as it is accepted. */
export async function insertSignature(tx: Database, row: SignatureRow): Promise<void> {
  await tx.insert(salesSignatures).values(row);
}

/** How these quotes were signed, by revision id (one query). */
export async function signaturesOf(db: Database, ids: string[]): Promise<Map<string, SalesSignature>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      documentId: salesSignatures.documentId,
      name: salesSignatures.name,
      email: salesSignatures.email,
      signedAt: salesSignatures.signedAt,
      ip: salesSignatures.ip,
      userAgent: salesSignatures.userAgent,
      pdfSha256: salesSignatures.pdfSha256,
    })
    .from(salesSignatures)
    .where(inArray(salesSignatures.documentId, ids));
  return new Map(
    rows.map(({ documentId, signedAt, ...rest }) => [
      documentId,
      { ...rest, signedAt: signedAt.toISOString() },
    ]),
  );
}

/** The signed PDF of a quote, as it was made; undefined when it was not signed. */
export async function signedPdfOf(db: Database, documentId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ pdf: salesSignatures.signedPdf })
    .from(salesSignatures)
    .where(eq(salesSignatures.documentId, documentId));
  return row?.pdf;
}
