// Accepting a quote: the optional lines ticked and the signer's simple electronic signature
// (docs/decisions/032).

import { z } from "zod";

/**
 * A simple electronic signature: the signer types their full name and ticks that they accept the
 * quote as shown (the server adds the time, address, browser and the PDF's SHA-256).
 */
export const SalesSignatureBody = z.object({
  name: z.string({ error: "is required" }).trim().min(2, "is required: type your full name").max(120),
  agree: z.literal(true, { error: "must be ticked to sign" }),
});
export type SalesSignatureBody = z.input<typeof SalesSignatureBody>;

/**
 * POST /sales/{token}/accept: the signature, and the optional lines the client ticked, by their
 * place among the lines.
 */
export const AcceptSalesBody = z.object({
  options: z.array(z.number().int().min(0).max(49)).max(50).default([]),
  signature: SalesSignatureBody,
});
export type AcceptSalesBody = z.input<typeof AcceptSalesBody>;

/** How an accepted quote was signed; the signed PDF is kept as it was made. */
export const SalesSignature = z.object({
  name: z.string(),
  email: z.string(),
  signedAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** The SHA-256 (hex) of the quote's PDF as it was shown when it was signed. */
  pdfSha256: z.string(),
});
export type SalesSignature = z.infer<typeof SalesSignature>;
