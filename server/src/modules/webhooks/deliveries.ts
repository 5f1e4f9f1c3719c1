import { isId, type WebhookDelivery, type WebhookDeliveryList } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { findEndpoint } from "./endpoints.js";
import {
  type DeliveryRow,
  deliveriesNewestFirst,
  deliveryCountOf,
  deliveryWithEndpoint,
  insertDelivery,
} from "./queries/deliveries.js";

function toDelivery(row: DeliveryRow): WebhookDelivery {
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
  const [rows, total] = await Promise.all([
    deliveriesNewestFirst(db, endpoint.id, page),
    deliveryCountOf(db, endpoint.id),
  ]);
  return { deliveries: rows.map(toDelivery), total };
}

/**
 * "Resend": the same event (same id and body) goes to the endpoint again as a new delivery, in
 * turn after any of its object's deliveries still pending.
 */
export async function resendDelivery(db: Database, id: string): Promise<WebhookDelivery> {
  if (!isId(id)) throw notFound("The delivery");
  const found = await deliveryWithEndpoint(db, id);
  if (!found) throw notFound("The delivery");
  if (!found.enabled) throw new AppError("conflict", "The endpoint is turned off: turn it on to send again.");
  const { delivery } = found;
  const resent = await insertDelivery(db, {
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    objectKey: delivery.objectKey,
  });
  if (!resent) throw new Error("The delivery was not queued.");
  return toDelivery({ delivery: resent, eventType: found.eventType });
}
