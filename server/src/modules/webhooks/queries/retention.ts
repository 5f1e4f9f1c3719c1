import { sql } from "drizzle-orm";
import { deleteInBatches } from "../../../db/batched-delete.js";
import type { Database } from "../../../db/client.js";
import { webhookDeliveries, webhookEvents } from "../../../db/schema.js";

/**
 * What the daily upkeep removes of the webhooks' log, from before `before`: events every delivery
 * of which was delivered by then (or that went to nobody), with those deliveries; then delivered
 * deliveries of events that also have a failed one (the failed one stays, with its event, for its
 * resend button). Pending and failed deliveries are never removed.
 */
export async function pruneDeliveredWebhooks(
  db: Database,
  before: Date,
): Promise<{ events: number; deliveries: number }> {
  const events = await deleteInBatches(
    db,
    webhookEvents,
    webhookEvents.id,
    sql`${webhookEvents.createdAt} < ${before} and ${webhookEvents.fanOut} is null
      and not exists (
        select 1 from ${webhookDeliveries} d where d.event_id = ${webhookEvents.id}
          and (d.status <> 'delivered' or d.delivered_at >= ${before})
      )`,
  );
  const deliveries = await deleteInBatches(
    db,
    webhookDeliveries,
    webhookDeliveries.id,
    sql`${webhookDeliveries.status} = 'delivered' and ${webhookDeliveries.deliveredAt} < ${before}`,
  );
  return { events, deliveries };
}
