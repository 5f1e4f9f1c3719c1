import {
  type ChatNoticeType,
  chatNoticeTypes,
  type WebhookEventType,
  webhookEventTypes,
} from "@agency/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { firstRowOf, rowsOf } from "../../../db/rows.js";
import { orders, webhookEndpoints, webhookEvents } from "../../../db/schema.js";

/** Everything the shop announces: the webhook events, and the chat's own "overdue" notice. */
export type AnnouncedType = WebhookEventType | ChatNoticeType;

const isWebhookEvent = (type: AnnouncedType): type is WebhookEventType =>
  (webhookEventTypes as readonly string[]).includes(type);
const isChatNotice = (type: AnnouncedType): boolean => (chatNoticeTypes as readonly string[]).includes(type);

/** The enabled endpoints that want `type`, in the order they were added, as one array. */
function targetsOf(type: AnnouncedType) {
  return sql`(select coalesce(array_agg(id order by created_at, id), '{}') from ${webhookEndpoints}
    where enabled and case when kind = 'chat' then ${isChatNotice(type)}::boolean
      else ${isWebhookEvent(type)}::boolean and ${type} = any(events) end)`;
}

/** Whether an enabled endpoint wants `type`. */
export async function someEndpointWants(tx: Database, type: AnnouncedType): Promise<boolean> {
  // Named: asked in every transaction that announces anything, it is planned once per connection.
  const row = await firstRowOf<{ wanted: boolean }>(
    tx,
    sql`select cardinality(${targetsOf(type)}) > 0 as wanted`,
    { named: true },
  );
  return row?.wanted ?? false;
}

/**
 * Writes the events of `type`, each with the enabled endpoints that want it, in the order given;
 * none when no endpoint wants it. Answers a row for each event written.
 */
export function insertEventsForTheirEndpoints(
  tx: Database,
  type: AnnouncedType,
  events: { id: string; key: string; body: string }[],
): Promise<unknown[]> {
  // Arrays as parameters, so the statement reads the same however many events and endpoints:
  // named, it is planned once per connection.
  return rowsOf<unknown>(
    tx,
    sql`
    insert into ${webhookEvents} (id, type, object_key, body, fan_out)
    select e.id, ${type}, e.object_key, e.body, t.ids
    from unnest(${sql.param(events.map((event) => event.id))}::text[],
      ${sql.param(events.map((event) => event.key))}::text[],
      ${sql.param(events.map((event) => event.body))}::text[]) with ordinality as e(id, object_key, body, position)
    cross join ${targetsOf(type)} as t(ids)
    where cardinality(t.ids) > 0
    order by e.position
    returning 1`,
    { named: true },
  );
}

/** The order a chat notice about one of its subscriptions or assignments names. */
export async function orderNamedInNotice(db: Database, orderId: string) {
  const [order] = await db
    .select({
      number: orders.number,
      service: orders.service,
      serviceDuration: orders.serviceDuration,
      name: orders.name,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}
