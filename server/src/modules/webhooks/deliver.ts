import { webhookMessages } from "@agency/contract";
import { and, asc, desc, eq, gt, isNotNull, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { executeNamed } from "../../db/named-statement.js";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema.js";
import { completeJobIn, enqueue, enqueueEach, type JobPayloads, type JobRow } from "../../jobs/queue.js";
import type { AddressRules } from "./addresses.js";
import { chatText } from "./chat-text.js";
import { type PostOutcome, postJson } from "./http-post.js";
import { signedHeaders } from "./signing.js";

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type EndpointRow = typeof webhookEndpoints.$inferSelect;

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
export const deliveryWindowMs = 24 * hour;

/** After the nth failed attempt: 30 s, 2 min, 10 min, 1 h, 3 h, then every 6 h (within the day). */
export function retryDelayMs(failedAttempts: number): number {
  const schedule = [30_000, 120_000, 600_000, hour, 3 * hour];
  return schedule[failedAttempts - 1] ?? 6 * hour;
}

const userAgent = "agency-shop-webhooks/1";

/** A delivery still waiting, of the same object to the same endpoint, queued before this one. */
const earlierPending = (delivery: DeliveryRow) =>
  and(
    eq(webhookDeliveries.endpointId, delivery.endpointId),
    eq(webhookDeliveries.objectKey, delivery.objectKey),
    eq(webhookDeliveries.status, "pending"),
    lt(webhookDeliveries.seq, delivery.seq),
  );

/**
 * Parks the delivery behind the latest earlier one of its object still pending, if any: it then
 * waits, and the earlier one hands it on when it finishes. The earlier one's row is locked and
 * marked as waited for in the same transaction, so it cannot finish unseen in between: its own
 * update waits for this one and then reads the mark.
 */
async function parkBehindEarlier(db: Database, delivery: DeliveryRow): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [earlier] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(earlierPending(delivery))
      .orderBy(desc(webhookDeliveries.seq))
      .limit(1)
      .for("update");
    if (!earlier) return false;
    await tx.update(webhookDeliveries).set({ hasWaiter: true }).where(eq(webhookDeliveries.id, earlier.id));
    await tx.update(webhookDeliveries).set({ parked: true }).where(eq(webhookDeliveries.id, delivery.id));
    return true;
  });
}

/** A delivery is finished (delivered or given up): the next one of its object, if parked, goes. */
async function handOn(tx: Database, delivery: DeliveryRow): Promise<void> {
  const [next] = await tx
    .select({
      id: webhookDeliveries.id,
      parked: webhookDeliveries.parked,
      attempts: webhookDeliveries.attempts,
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, delivery.endpointId),
        eq(webhookDeliveries.objectKey, delivery.objectKey),
        eq(webhookDeliveries.status, "pending"),
        gt(webhookDeliveries.seq, delivery.seq),
      ),
    )
    .orderBy(asc(webhookDeliveries.seq))
    .limit(1);
  if (!next?.parked) return;
  await tx.update(webhookDeliveries).set({ parked: false }).where(eq(webhookDeliveries.id, next.id));
  await enqueue(tx, "webhook.deliver", { deliveryId: next.id, attempt: next.attempts });
}

/**
 * Another failure of the endpoint: it has been failing since its first failure after a success,
 * and once that is a day ago it is turned off and the owners are told.
 */
async function noteFailure(tx: Database, endpoint: EndpointRow, now: Date): Promise<void> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning();
  if (!row?.enabled || !row.failingSince) return;
  if (now.getTime() - row.failingSince.getTime() < deliveryWindowMs) return;
  await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: now, disabledReason: webhookMessages.disabledAfterFailures })
    .where(eq(webhookEndpoints.id, endpoint.id));
  await enqueue(tx, "mail.webhook-disabled", { endpointId: endpoint.id });
}

/**
 * Writes down a failed attempt, unless another run of the same job did first: tried again later,
 * or given up once a day has passed since its first attempt (the last try is at the end of that
 * day). Each failure counts against the endpoint.
 */
async function recordFailure(
  ctx: DeliveryContext,
  delivery: DeliveryRow,
  endpoint: EndpointRow,
  outcome: PostOutcome & { attemptedAt: Date; firstAttemptAt: Date },
): Promise<void> {
  const now = ctx.clock.now();
  const attempts = delivery.attempts + 1;
  const closes = outcome.firstAttemptAt.getTime() + deliveryWindowMs;
  const givenUp = now.getTime() >= closes;
  const nextAttemptAt = givenUp ? null : new Date(Math.min(now.getTime() + retryDelayMs(attempts), closes));
  await ctx.db.transaction(async (tx) => {
    const [written] = await tx
      .update(webhookDeliveries)
      .set({
        status: givenUp ? "failed" : "pending",
        attempts,
        responseStatus: outcome.status,
        durationMs: outcome.durationMs,
        error: outcome.error,
        lastAttemptAt: outcome.attemptedAt,
        nextAttemptAt,
      })
      .where(
        and(
          eq(webhookDeliveries.id, delivery.id),
          eq(webhookDeliveries.status, "pending"),
          eq(webhookDeliveries.attempts, delivery.attempts),
        ),
      )
      .returning({ hasWaiter: webhookDeliveries.hasWaiter });
    if (!written) return;
    await noteFailure(tx, endpoint, now);
    if (nextAttemptAt) {
      await enqueue(
        tx,
        "webhook.deliver",
        { deliveryId: delivery.id, attempt: attempts, firstAttemptAt: outcome.firstAttemptAt.toISOString() },
        { runAt: nextAttemptAt },
      );
    } else if (written.hasWaiter) {
      await handOn(tx, delivery);
    }
  });
}

/**
 * A delivered attempt, in one statement (no transaction around several): the delivery is written
 * down, its job is marked done and, when a later one of its object is parked behind it, that one
 * is handed on. The flag is read from the row as this update leaves it, so a delivery that parked
 * while this one was being sent is seen; that waiter is always the next pending delivery of the
 * object.
 */
async function recordDelivered(
  db: Database,
  delivery: DeliveryRow,
  outcome: PostOutcome & { attemptedAt: Date },
  now: Date,
  job: JobRow,
): Promise<void> {
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  await executeNamed(
    db,
    sql`
    with done as (${completeJobIn(job)}),
    written as (
      update ${webhookDeliveries} set status = 'delivered', attempts = ${delivery.attempts + 1},
        response_status = ${outcome.status}, duration_ms = ${outcome.durationMs}, error = null,
        last_attempt_at = ${at(outcome.attemptedAt)}, next_attempt_at = null, delivered_at = ${at(now)}
      where id = ${delivery.id} and status = 'pending' and attempts = ${delivery.attempts}
      returning has_waiter
    ),
    waiting as (
      select id from ${webhookDeliveries}
      where endpoint_id = ${delivery.endpointId} and object_key = ${delivery.objectKey}
        and status = 'pending' and seq > ${delivery.seq} and coalesce((select has_waiter from written), false)
      order by seq limit 1
    ),
    unparked as (
      update ${webhookDeliveries} set parked = false where id in (select id from waiting) returning id, attempts
    )
    ${enqueueEach("webhook.deliver", "unparked", sql`jsonb_build_object('deliveryId', id, 'attempt', attempts)`)}`,
  );
}

/** A delivery that cannot be attempted (its endpoint was turned off) is given up at once. */
async function giveUp(db: Database, delivery: DeliveryRow, error: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [written] = await tx
      .update(webhookDeliveries)
      .set({ status: "failed", error, parked: false, nextAttemptAt: null })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, "pending")))
      .returning({ hasWaiter: webhookDeliveries.hasWaiter });
    if (written?.hasWaiter) await handOn(tx, delivery);
  });
}

/**
 * The job of one attempt. The job names the attempt it is for: a job run again after its worker
 * died mid-call sends the same event (same id) again, and one whose attempt was written already
 * does nothing. A delivery waits (parked) while an earlier one of its object is pending.
 */
export async function runDelivery(
  ctx: DeliveryContext,
  payload: JobPayloads["webhook.deliver"],
  job: JobRow,
): Promise<"completed" | undefined> {
  const earlier = alias(webhookDeliveries, "earlier");
  const [found] = await ctx.db
    .select({
      delivery: webhookDeliveries,
      endpoint: webhookEndpoints,
      event: webhookEvents,
      // Whether an earlier delivery of its object is pending: then it waits for it.
      waits: sql<boolean>`exists (${ctx.db
        .select({ one: sql`1` })
        .from(earlier)
        .where(
          and(
            eq(earlier.endpointId, webhookDeliveries.endpointId),
            eq(earlier.objectKey, webhookDeliveries.objectKey),
            eq(earlier.status, "pending"),
            lt(earlier.seq, webhookDeliveries.seq),
          ),
        )})`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, payload.deliveryId));
  if (!found) return;
  const { delivery, endpoint, event, waits } = found;
  if (delivery.status !== "pending" || delivery.attempts !== payload.attempt) return;
  if (!endpoint.enabled) {
    await giveUp(ctx.db, delivery, "The endpoint is turned off.");
    return;
  }
  if (waits && (await parkBehindEarlier(ctx.db, delivery))) return;

  const attemptedAt = ctx.clock.now();
  const options = { rules: ctx.rules, timeoutMs: ctx.timeoutMs, userAgent };
  let outcome: PostOutcome;
  if (endpoint.kind === "chat") {
    const text = await chatText(ctx.db, ctx.publicUrl, event.body);
    outcome = await postJson(endpoint.url, JSON.stringify({ text }), {}, options);
  } else {
    const headers = signedHeaders(endpoint.secret ?? "", event.id, event.body);
    outcome = await postJson(endpoint.url, event.body, headers, options);
  }
  if (outcome.ok) {
    await recordDelivered(ctx.db, delivery, { ...outcome, attemptedAt }, ctx.clock.now(), job);
    // A success ends the endpoint's failures (as read before this attempt).
    if (endpoint.failingSince) {
      await ctx.db
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(and(eq(webhookEndpoints.id, endpoint.id), isNotNull(webhookEndpoints.failingSince)));
    }
    return "completed";
  }
  const firstAttemptAt = payload.firstAttemptAt ? new Date(payload.firstAttemptAt) : attemptedAt;
  await recordFailure(ctx, delivery, endpoint, { ...outcome, attemptedAt, firstAttemptAt });
}
