import { webhookMessages } from "@agency/contract";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { enqueue } from "../../jobs/queue.js";
import type { AddressRules } from "./addresses.js";
import { chatText } from "./chat-text.js";
import { type PostOutcome, postJson } from "./http-post.js";
import type { ClaimedDelivery, DeliveryOutcome } from "./queries/deliveries.js";
import { markEndpointFailing, turnOffEndpoint } from "./queries/endpoints.js";
import { signedHeaders } from "./signing.js";

export type DeliveryContext = {
  db: Database;
  /** Decides when attempts are due and when a day has passed; tests move it forward. */
  clock: Clock;
  rules: AddressRules;
  timeoutMs: number;
  /** The shop's address, for the links in chat notices. */
  publicUrl: string;
};

const hour = 3_600_000;
/** How long an event is tried, and how long an endpoint may fail before it is turned off. */
const deliveryWindowMs = 24 * hour;

/** After the nth failed attempt: 30 s, 2 min, 10 min, 1 h, 3 h, then every 6 h (within the day). */
function retryDelayMs(failedAttempts: number): number {
  const schedule = [30_000, 120_000, 600_000, hour, 3 * hour];
  return schedule[failedAttempts - 1] ?? 6 * hour;
}

const userAgent = "agency-shop-webhooks/1";

/**
 * One attempt of a claimed delivery: the signed event (or, for a chat, its readable notice) is
 * POSTed, and the answer decides what comes next: delivered; tried again later; or given up once a
 * day has passed since its first attempt (the last try is at the end of that day). A delivery whose
 * endpoint was turned off is given up without a call.
 */
export async function attemptDelivery(
  ctx: DeliveryContext,
  delivery: ClaimedDelivery,
): Promise<DeliveryOutcome> {
  const unattempted = {
    id: delivery.id,
    priorAttempts: delivery.attempts,
    attempted: false,
    responseStatus: null,
    durationMs: null,
    attemptedAt: null,
    nextAttemptAt: null,
    deliveredAt: null,
  };
  if (!delivery.enabled) return { ...unattempted, status: "failed", error: "The endpoint is turned off." };

  const attemptedAt = ctx.clock.now();
  const options = { rules: ctx.rules, timeoutMs: ctx.timeoutMs, userAgent };
  let outcome: PostOutcome;
  try {
    if (delivery.kind === "chat") {
      const text = await chatText(ctx.db, ctx.publicUrl, delivery.body);
      outcome = await postJson(delivery.url, JSON.stringify({ text }), {}, options);
    } else {
      const headers = signedHeaders(delivery.secret ?? "", delivery.eventId, delivery.body);
      outcome = await postJson(delivery.url, delivery.body, headers, options);
    }
  } catch (error) {
    // Nothing was sent (the notice could not be written): a failed attempt like any other, so it
    // is tried again later and given up after its day, not left to hold up its object's events.
    const message = error instanceof Error ? error.message : String(error);
    outcome = { ok: false, status: null, durationMs: 0, error: message.slice(0, 500) };
  }
  const now = ctx.clock.now();
  const attempted = {
    ...unattempted,
    attempted: true,
    responseStatus: outcome.status,
    durationMs: outcome.durationMs,
    error: outcome.error,
    attemptedAt,
  };
  if (outcome.ok) return { ...attempted, status: "delivered", error: null, deliveredAt: now };
  const closes = (delivery.firstAttemptAt ?? attemptedAt).getTime() + deliveryWindowMs;
  if (now.getTime() >= closes) return { ...attempted, status: "failed" };
  const next = Math.min(now.getTime() + retryDelayMs(delivery.attempts + 1), closes);
  return { ...attempted, status: "pending", nextAttemptAt: new Date(next) };
}

/**
 * What the written failures tell of their endpoints (a success ends an endpoint's failures in the
 * statement that writes it, see `recordOutcomes`). An endpoint that only failed has been failing
 * since its first failure after a success; once that is a day ago it is turned off and the owners
 * are told.
 */
export async function noteEndpointHealth(
  db: Database,
  now: Date,
  claimed: ClaimedDelivery[],
  outcomes: DeliveryOutcome[],
): Promise<void> {
  const endpointOf = new Map(claimed.map((delivery) => [delivery.id, delivery.endpointId]));
  const succeeded = new Set<string>();
  const failed = new Set<string>();
  for (const outcome of outcomes) {
    const endpointId = endpointOf.get(outcome.id);
    if (!endpointId || !outcome.attempted) continue;
    (outcome.status === "delivered" ? succeeded : failed).add(endpointId);
  }
  for (const endpointId of failed) {
    if (succeeded.has(endpointId)) continue;
    await db.transaction(async (tx) => {
      const row = await markEndpointFailing(tx, endpointId, now);
      if (!row?.enabled || !row.failingSince) return;
      if (now.getTime() - row.failingSince.getTime() < deliveryWindowMs) return;
      await turnOffEndpoint(tx, endpointId, now, webhookMessages.disabledAfterFailures);
      await enqueue(tx, "mail.webhook-disabled", { endpointId });
    });
  }
}
