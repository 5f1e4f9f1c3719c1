import { isId, type WebhookDelivery, type WebhookDeliveryList } from "@agency/contract";
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema.js";
import { AppError, notFound } from "../../errors.js";
import { findEndpoint } from "./endpoints.js";

const columns = {
  delivery: webhookDeliveries,
  eventType: webhookEvents.type,
};

function toDelivery(row: {
  delivery: typeof webhookDeliveries.$inferSelect;
  eventType: string;
}): WebhookDelivery {
  const { delivery } = row;
  return {
    _id: delivery.id,
    eventId: delivery.eventId,
    eventType: row.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    responseStatus: delivery.responseStatus,
    durationMs: delivery.durationMs,
    error: delivery.error,
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
  };
}

/** An endpoint's deliveries, the newest first, a page at a time. */
export async function listDeliveries(
  db: Database,
  endpointId: string,
  page: { page: number; size: number },
): Promise<WebhookDeliveryList> {
  const endpoint = await findEndpoint(db, endpointId);
  const mine = eq(webhookDeliveries.endpointId, endpoint.id);
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(mine)
      .orderBy(desc(webhookDeliveries.seq))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: sql<number>`count(*)::int` }).from(webhookDeliveries).where(mine),
  ]);
  return { deliveries: rows.map(toDelivery), total: count?.total ?? 0 };
}

/**
 * "Resend": the same event (same id and body) goes to the endpoint again as a new delivery, in
 * turn after any of its object's deliveries still pending.
 */
export async function resendDelivery(db: Database, id: string): Promise<WebhookDelivery> {
  if (!isId(id)) throw notFound("The delivery");
  const [found] = await db
    .select({ delivery: webhookDeliveries, enabled: webhookEndpoints.enabled, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, id));
  if (!found) throw notFound("The delivery");
  if (!found.enabled) throw new AppError("conflict", "The endpoint is turned off: turn it on to send again.");
  const { delivery } = found;
  const [resent] = await db
    .insert(webhookDeliveries)
    .values({ endpointId: delivery.endpointId, eventId: delivery.eventId, objectKey: delivery.objectKey })
    .returning();
  if (!resent) throw new Error("The delivery was not queued.");
  return toDelivery({ delivery: resent, eventType: found.eventType });
}
