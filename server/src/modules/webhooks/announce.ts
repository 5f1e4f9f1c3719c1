import {
  type ChatNoticeType,
  chatNoticeTypes,
  type Order,
  type WebhookEventData,
  type WebhookEventType,
  webhookEventTypes,
} from "@agency/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { firstRowOf, rowsOf } from "../../db/rows.js";
import { webhookEndpoints, webhookEvents } from "../../db/schema.js";
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
 * Whether, when this process last looked, some endpoint wanted each type. Only a hint of whether
 * to load the data first: the statement that writes the events picks their endpoints itself, and
 * a type without any is looked up again every time, so a new endpoint is never missed.
 */
const wanted = new Map<AnnouncedType, boolean>();

/** The enabled endpoints that want `type`, in the order they were added, as one array. */
function targetsOf(type: AnnouncedType) {
  return sql`(select coalesce(array_agg(id order by created_at, id), '{}') from ${webhookEndpoints}
    where enabled and case when kind = 'chat' then ${isChatNotice(type)}::boolean
      else ${isWebhookEvent(type)}::boolean and ${type} = any(events) end)`;
}

/**
 * Queues an event about each of `keys` (the objects it is about, see `objectKey`) for every
 * endpoint that wants it, inside the transaction of its cause: the events, with the endpoints they
 * go to, commit with the change or not at all. `load` answers each object's data as the API shows
 * it (in the order of `keys`) and is called only when an endpoint wants the event (or wanted it
 * last time). One statement writes them all, however many objects and endpoints.
 */
export async function announce<K extends AnnouncedType>(
  tx: Database,
  type: K,
  keys: string[],
  load: () => Promise<AnnouncedData[K][]>,
): Promise<void> {
  if (keys.length === 0) return;
  if (!wanted.get(type)) {
    // Named: asked in every transaction that announces anything, it is planned once per connection.
    const row = await firstRowOf<{ wanted: boolean }>(
      tx,
      sql`select cardinality(${targetsOf(type)}) > 0 as wanted`,
      { named: true },
    );
    const found = row?.wanted ?? false;
    wanted.set(type, found);
    if (!found) return;
  }
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
  // named, it is planned once per connection. Only the events are written here; the delivery
  // worker gives each endpoint its delivery (see `fanOut`), out of the cause's transaction.
  const written = await rowsOf<unknown>(
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
  wanted.set(type, written.length > 0);
}
