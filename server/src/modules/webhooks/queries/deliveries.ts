// The deliveries' statements. The delivery worker's each handle many deliveries at once, so a
// burst of events costs a few statements a batch rather than several a delivery.

import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { numberInText } from "../../../db/named-statement.js";
import { firstRowOf, rowsOf } from "../../../db/rows.js";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../../db/schema.js";

/** One instance at a time turns events into deliveries, so they are made in the events' order. */
const fanOutLock = 7_302_115_001;

/**
 * Gives every endpoint an event was written for (see `announce`) its delivery, oldest events
 * first, up to `limit` events; answers how many events it took. An endpoint removed or turned off
 * since gets none. While another instance does it, this one does nothing.
 */
export async function fanOut(db: Database, limit: number): Promise<number> {
  const row = await firstRowOf<{ events: number }>(
    db,
    sql`
    with gate as (select pg_try_advisory_xact_lock(${fanOutLock}::bigint) as free),
    batch as (
      select id, seq, object_key, fan_out from ${webhookEvents}
      where fan_out is not null and (select free from gate)
      order by seq limit ${numberInText(limit)}
      for update
    ),
    cleared as (update ${webhookEvents} set fan_out = null where id in (select id from batch)),
    made as (
      insert into ${webhookDeliveries} (endpoint_id, event_id, object_key)
      select t.endpoint_id, batch.id, batch.object_key
      from batch cross join unnest(batch.fan_out) with ordinality as t(endpoint_id, n)
      where exists (select 1 from ${webhookEndpoints} e where e.id = t.endpoint_id and e.enabled)
      order by batch.seq, t.n
      returning 1
    )
    select (select count(*) from batch)::int as events, (select count(*) from made)::int as deliveries`,
    { named: true },
  );
  return row?.events ?? 0;
}

/** A delivery claimed for an attempt, with its event and where it goes. */
export type ClaimedDelivery = {
  id: string;
  endpointId: string;
  attempts: number;
  firstAttemptAt: Date | null;
  eventId: string;
  body: string;
  kind: "webhook" | "chat";
  url: string;
  secret: string | null;
  enabled: boolean;
};

type ClaimedRow = Omit<ClaimedDelivery, "firstAttemptAt"> & { firstAttemptAt: string | Date | null };

const dateOf = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * Claims up to `limit` due deliveries for `workerId`, oldest first: pending, their time come, not
 * held by a worker whose lease (`leaseMs`, renewed while it works) still runs, and with no earlier
 * delivery of their object to their endpoint still pending (so each object's events go out in
 * order). SKIP LOCKED lets instances claim disjoint sets at once.
 */
export async function claimDeliveries(
  db: Database,
  workerId: string,
  limit: number,
  now: Date,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  // The clock counts whole milliseconds and the database microseconds (see claimDueJobs).
  const dueBefore = new Date(now.getTime() + 1).toISOString();
  const rows = await rowsOf<ClaimedRow & { seq: number }>(
    db,
    sql`
    with due as (
      select d.id from ${webhookDeliveries} d
      where d.status = 'pending'
        and (d.next_attempt_at is null or d.next_attempt_at < ${dueBefore}::timestamptz)
        and (d.locked_at is null or d.locked_at < now() - ${leaseMs}::integer * interval '1 millisecond')
        and not exists (
          select 1 from ${webhookDeliveries} earlier
          where earlier.endpoint_id = d.endpoint_id and earlier.object_key = d.object_key
            and earlier.status = 'pending' and earlier.seq < d.seq
        )
      order by d.seq limit ${limit}
      for update of d skip locked
    )
    update ${webhookDeliveries} d set locked_by = ${workerId}, locked_at = now()
    from due, ${webhookEvents} ev, ${webhookEndpoints} ep
    where d.id = due.id and ev.id = d.event_id and ep.id = d.endpoint_id
    returning d.id, d.seq, d.endpoint_id as "endpointId", d.attempts, d.first_attempt_at as "firstAttemptAt",
      ev.id as "eventId", ev.body, ep.kind, ep.url, ep.secret, ep.enabled`,
    { named: true },
  );
  return rows
    .sort((a, b) => Number(a.seq) - Number(b.seq))
    .map(({ seq: _seq, ...row }) => ({
      ...row,
      firstAttemptAt: dateOf(row.firstAttemptAt),
    }));
}

/** What became of one claimed delivery. */
export type DeliveryOutcome = {
  id: string;
  /** Its attempts before this one: the outcome is written only if no other worker wrote one since. */
  priorAttempts: number;
  status: "pending" | "delivered" | "failed";
  /** Whether a call was made (a delivery given up unattempted keeps its last attempt's figures). */
  attempted: boolean;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  attemptedAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Writes down many outcomes in one statement and lets go of their deliveries; answers the ids
 * written. One whose lease this worker lost to another, or that another worker wrote first, is
 * left as it is. The endpoints of the deliveries delivered are no longer failing.
 */
export async function recordOutcomes(
  db: Database,
  workerId: string,
  outcomes: DeliveryOutcome[],
): Promise<Set<string>> {
  if (outcomes.length === 0) return new Set();
  const column = <T>(pick: (outcome: DeliveryOutcome) => T) => sql.param(outcomes.map(pick));
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    with written as (
    update ${webhookDeliveries} d set
      status = v.status,
      attempts = d.attempts + case when v.attempted then 1 else 0 end,
      response_status = case when v.attempted then v.response_status else d.response_status end,
      duration_ms = case when v.attempted then v.duration_ms else d.duration_ms end,
      error = v.error,
      last_attempt_at = coalesce(v.attempted_at, d.last_attempt_at),
      first_attempt_at = coalesce(d.first_attempt_at, v.attempted_at),
      next_attempt_at = v.next_attempt_at,
      delivered_at = v.delivered_at,
      locked_by = null, locked_at = null
    from unnest(${column((o) => o.id)}::uuid[], ${column((o) => o.priorAttempts)}::integer[],
      ${column((o) => o.status)}::text[], ${column((o) => o.attempted)}::boolean[],
      ${column((o) => o.responseStatus)}::integer[], ${column((o) => o.durationMs)}::integer[],
      ${column((o) => o.error)}::text[], ${column((o) => iso(o.attemptedAt))}::timestamptz[],
      ${column((o) => iso(o.nextAttemptAt))}::timestamptz[], ${column((o) => iso(o.deliveredAt))}::timestamptz[])
      as v(id, prior_attempts, status, attempted, response_status, duration_ms, error, attempted_at,
        next_attempt_at, delivered_at)
    where d.id = v.id and d.status = 'pending' and d.attempts = v.prior_attempts and d.locked_by = ${workerId}
    returning d.id, d.endpoint_id, d.status
    ),
    -- A success ends its endpoint's failures.
    recovered as (
      update ${webhookEndpoints} e set failing_since = null
      where e.failing_since is not null
        and e.id in (select endpoint_id from written where status = 'delivered')
    )
    select id from written`,
    { named: true },
  );
  return new Set(rows.map((row) => row.id));
}

/** Keeps the deliveries this worker is still calling out for its own. */
export async function renewDeliveryLeases(db: Database, workerId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update ${webhookDeliveries} set locked_at = now()
    where id = any(${sql.param(ids)}::uuid[]) and locked_by = ${workerId}`);
}

/** A delivery as the Integrations page lists it: with the type of its event. */
export type DeliveryRow = { delivery: typeof webhookDeliveries.$inferSelect; eventType: string };

const listed = {
  delivery: webhookDeliveries,
  eventType: webhookEvents.type,
};

/** A page of an endpoint's deliveries, the newest first. */
export function deliveriesNewestFirst(
  db: Database,
  endpointId: string,
  page: { page: number; size: number },
): Promise<DeliveryRow[]> {
  return db
    .select(listed)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(page.size)
    .offset(page.page * page.size);
}

export async function deliveryCountOf(db: Database, endpointId: string): Promise<number> {
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return count?.total ?? 0;
}

/** A delivery with its event's type and whether its endpoint is on. */
export async function deliveryWithEndpoint(
  db: Database,
  id: string,
): Promise<(DeliveryRow & { enabled: boolean }) | undefined> {
  const [found] = await db
    .select({ delivery: webhookDeliveries, enabled: webhookEndpoints.enabled, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, id));
  return found;
}

/** A new pending delivery of an event to an endpoint, queued after its object's earlier ones. */
export async function insertDelivery(
  db: Database,
  values: { endpointId: string; eventId: string; objectKey: string },
): Promise<typeof webhookDeliveries.$inferSelect | undefined> {
  const [inserted] = await db.insert(webhookDeliveries).values(values).returning();
  return inserted;
}
