import { createHash, randomBytes } from "node:crypto";

/**
 * Tokens of mailed one-use links (invitations): the link carries the token, the database keeps
 * only its hash, so the database alone cannot open the link.
 */
export function mailedTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newMailedToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: mailedTokenHash(token) };
}
