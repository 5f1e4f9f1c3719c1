import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks (standardwebhooks.com): the secret is `whsec_` and base64 of random bytes; each
 * delivery carries `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature`, `v1,` and
 * the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed by the secret's decoded bytes. Any
 * verifier of that scheme checks the shop's deliveries.
 */
const secretPrefix = "whsec_";

/** A new signing secret: 32 random bytes. */
export function newSigningSecret(): string {
  return `${secretPrefix}${randomBytes(32).toString("base64")}`;
}

/** An event's id: `msg_` and 24 random characters (the same on every attempt of the event). */
export function newEventId(): string {
  return `msg_${randomBytes(18).toString("base64url")}`;
}

function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(secretPrefix.length), "base64");
  const digest = createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${digest}`;
}

/** The headers of one signed delivery, stamped now (a retry is stamped and signed again). */
export function signedHeaders(
  secret: string,
  id: string,
  body: string,
  now: Date = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": sign(secret, id, timestamp, body),
  };
}
