import {
  type ChatNoticeType,
  chatNoticeTypes,
  type Order,
  type WebhookEventData,
  type WebhookEventType,
  webhookEventTypes,
} from "@agency/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { executeNamed } from "../../db/named-statement.js";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema.js";
import { enqueueEach } from "../../jobs/queue.js";
import { newEventId } from "./signing.js";

/** Everything the shop announces: the webhook events, and the chat's own "overdue" notice. */
export type AnnouncedType = WebhookEventType | ChatNoticeType;
export type AnnouncedData = WebhookEventData & { "order.overdue": Order };

const isWebhookEvent = (type: AnnouncedType): type is WebhookEventType =>
  (webhookEventTypes as readonly string[]).includes(type);
const isChatNotice = (type: AnnouncedType): boolean => (chatNoticeTypes as readonly string[]).includes(type);

/** Events of one order go out in order; so do those of one lead, quote or invoice. */
export const objectKey = {
  order: (id: string) => `order:${id}`,
  lead: (id: string) => `lead:${id}`,
  sales: (id: string) => `sales:${id}`,
};

/**
 * Queues an event about each of `keys` (the objects it is about, see `objectKey`) for every
 * endpoint that wants it, inside the transaction of its cause: the event, its deliveries and their
 * jobs commit with the change or not at all. `load` answers each object's data as the API shows it
 * (in the order of `keys`) and is called only when an endpoint wants the event. One statement
 * writes them all, however many objects and endpoints.
 */
export async function announce<K extends AnnouncedType>(
  tx: Database,
  type: K,
  keys: string[],
  load: () => Promise<AnnouncedData[K][]>,
): Promise<void> {
  if (keys.length === 0) return;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, kind: webhookEndpoints.kind, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.enabled, true))
    // Named: asked in every transaction that announces anything, it is planned once per connection.
    .prepare("webhook_endpoints_enabled")
    .execute();
  const targets = endpoints.filter((endpoint) =>
    endpoint.kind === "chat" ? isChatNotice(type) : isWebhookEvent(type) && endpoint.events.includes(type),
  );
  if (targets.length === 0) return;
  const data = await load();
  const timestamp = new Date().toISOString();
  const events = keys.flatMap((key, index) => {
    const item = data[index];
    if (item === undefined) return [];
    const id = newEventId();
    return [{ id, key, body: JSON.stringify({ id, type, timestamp, data: item }) }];
  });
  if (events.length === 0) return;
  // Arrays as parameters, so the statement reads the same however many events and endpoints:
  // named, it is planned once per connection.
  await executeNamed(
    tx,
    sql`
    with announced (position, id, object_key, body) as (
      select e.position, e.id, e.object_key, e.body
      from unnest(${sql.param(events.map((event) => event.id))}::text[],
        ${sql.param(events.map((event) => event.key))}::text[],
        ${sql.param(events.map((event) => event.body))}::text[]) with ordinality as e(id, object_key, body, position)
    ),
    stored as (
      insert into ${webhookEvents} (id, type, object_key, body)
      select id, ${type}, object_key, body from announced
    ),
    queued as (
      insert into ${webhookDeliveries} (endpoint_id, event_id, object_key)
      select t.endpoint_id, announced.id, announced.object_key
      from announced cross join unnest(${sql.param(targets.map((target) => target.id))}::uuid[]) with ordinality as t(endpoint_id, n)
      order by announced.position, t.n
      returning id
    )
    ${enqueueEach("webhook.deliver", "queued", sql`jsonb_build_object('deliveryId', id, 'attempt', 0)`)}`,
  );
}
