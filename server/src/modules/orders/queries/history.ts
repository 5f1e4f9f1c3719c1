import type { OrderState, ParticipantRole } from "@agency/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { currentPeriodOf } from "../../../db/order-periods.js";
import { orderEvents, orders } from "../../../db/schema.js";

export type OrderEventRow = typeof orderEvents.$inferSelect;

/**
 * Moves the order to `to` if it still is in `from`; a complete order keeps when it became
 * complete (the board's complete column reads it). Answers the order moved, none when it was not.
 */
export function setOrderStateIfStill(
  tx: Database,
  orderId: string,
  from: OrderState | null,
  to: OrderState,
): Promise<{ id: string; number: number }[]> {
  return tx
    .update(orders)
    .set({ state: to, completedAt: to === "complete" ? sql`now()` : null })
    .where(and(eq(orders.id, orderId), from === null ? isNull(orders.state) : eq(orders.state, from)))
    .returning({ id: orders.id, number: orders.number });
}

/** Writes one entry of the order's history, in its current work period. */
export async function insertOrderEvent(
  tx: Database,
  entry: {
    orderId: string;
    fromState: OrderState | null;
    toState: OrderState;
    actorId: string | null;
    actorName: string;
    actorRole: ParticipantRole;
    note: string | null;
  },
): Promise<OrderEventRow | undefined> {
  const [event] = await tx
    .insert(orderEvents)
    .values({ ...entry, period: currentPeriodOf(entry.orderId) })
    .returning();
  return event;
}
