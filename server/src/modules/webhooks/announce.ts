import type { Order, WebhookEventData } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { type AnnouncedType, insertEventsForTheirEndpoints, someEndpointWants } from "./queries/events.js";
import { newEventId } from "./signing.js";

export type AnnouncedData = WebhookEventData & {
  "order.overdue": Order;
  /** A rule's chat notice about an order: its text, filled in for the order. */
  "rule.notice": { text: string; orderId: string };
};

/** Events of one order go out in order; so do those of one lead, quote, invoice or company. */
export const objectKey = {
  order: (id: string) => `order:${id}`,
  company: (id: string) => `company:${id}`,
  lead: (id: string) => `lead:${id}`,
  sales: (id: string) => `sales:${id}`,
};

/**
 * Whether, when this process last looked, some endpoint wanted each type. Only a hint of whether
 * to load the data first: the statement that writes the events picks their endpoints itself, and
 * a type without any is looked up again every time, so a new endpoint is never missed.
 */
const wanted = new Map<AnnouncedType, boolean>();

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
    const found = await someEndpointWants(tx, type);
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
  // Only the events are written here; the delivery worker gives each endpoint its delivery (see
  // `fanOut`), out of the cause's transaction.
  const written = await insertEventsForTheirEndpoints(tx, type, events);
  wanted.set(type, written.length > 0);
}
