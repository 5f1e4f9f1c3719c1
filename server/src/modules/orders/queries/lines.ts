import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import type { OrderLineRow } from "../../../db/order-lines.js";
import { orderLines, orders } from "../../../db/schema.js";

/** Writes these order lines; answers the rows written. */
export function insertOrderLines(
  tx: Database,
  values: (typeof orderLines.$inferInsert)[],
): Promise<OrderLineRow[]> {
  return tx.insert(orderLines).values(values).returning();
}

/**
 * These orders, each with its lines in their order (one row with no line for an order placed
 * before lines were kept), with the columns its plan's line is made from. One array parameter and
 * a name: the same statement for any number of orders, planned once per connection (it runs in
 * every payment's transaction that a webhook wants).
 */
export function linesOfOrdersWithIds(db: Database, ids: string[]) {
  return db
    .select({
      order: {
        id: orders.id,
        service: orders.service,
        serviceDuration: orders.serviceDuration,
        priceCents: orders.priceCents,
        listPriceCents: orders.listPriceCents,
        discountCents: orders.discountCents,
      },
      line: orderLines,
    })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(sql`${orders.id} = any(${sql.param(ids)}::uuid[])`)
    .orderBy(asc(orders.id), asc(orderLines.position))
    .prepare("order_lines_by_ids")
    .execute();
}
