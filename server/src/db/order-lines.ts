import { asc, sql } from "drizzle-orm";
import { isInterval } from "../periods.js";
import type { Database } from "./client.js";
import { orderLines, type orders } from "./schema.js";

/** One line of an order as stored (see order_lines). */
export type OrderLineRow = typeof orderLines.$inferSelect;

type OrderPricing = Pick<
  typeof orders.$inferSelect,
  "id" | "service" | "serviceDuration" | "priceCents" | "listPriceCents" | "discountCents"
>;

/** How a plan is named on its order line and receipts: "Standard plan (monthly)". */
export function planLineDescription(service: string, duration: string): string {
  return `${service} plan (${duration})`;
}

/**
 * The plan's line of an order placed before orders had lines: its list price (or its price, before
 * promo codes existed), renewed with the plan when it is monthly or yearly.
 */
export function planLineOf(order: OrderPricing): OrderLineRow {
  const amountCents = order.listPriceCents ?? order.priceCents + order.discountCents;
  return {
    orderId: order.id,
    position: 0,
    kind: "plan",
    description: planLineDescription(order.service, order.serviceDuration),
    quantity: 1,
    unitCents: amountCents,
    amountCents,
    recurring: isInterval(order.serviceDuration),
    addonId: null,
  };
}

/**
 * The lines of these orders, in their order, by order id (one query); an order placed before
 * lines were kept answers its plan's line. Every module that shows or charges an order's lines
 * reads them here, so such orders look the same everywhere.
 */
export async function linesOfOrders(
  db: Database,
  rows: readonly OrderPricing[],
): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(rows.map((row) => [row.id, []]));
  if (rows.length > 0) {
    // One array parameter and a name: the same statement for any number of orders, planned once
    // per connection (a customer's list reads the lines of every order of their company).
    const found = await db
      .select()
      .from(orderLines)
      .where(sql`${orderLines.orderId} = any(${sql.param(rows.map((row) => row.id))}::uuid[])`)
      .orderBy(asc(orderLines.orderId), asc(orderLines.position))
      .prepare("order_lines_of_orders")
      .execute();
    for (const line of found) byOrder.get(line.orderId)?.push(line);
  }
  for (const row of rows) {
    if (byOrder.get(row.id)?.length === 0) byOrder.set(row.id, [planLineOf(row)]);
  }
  return byOrder;
}

/** One order's lines (see `linesOfOrders`). */
export async function linesOfOrder(db: Database, row: OrderPricing): Promise<OrderLineRow[]> {
  return (await linesOfOrders(db, [row])).get(row.id) ?? [planLineOf(row)];
}

/**
 * What an order's subscription renews besides the plan: its other recurring lines' sum (add-ons
 * charged every period), and the plan's own line's amount.
 */
export function recurringParts(lines: readonly OrderLineRow[]): { planCents: number; otherCents: number } {
  let planCents = 0;
  let otherCents = 0;
  for (const line of lines) {
    if (line.kind === "plan") planCents += line.amountCents;
    else if (line.recurring) otherCents += line.amountCents;
  }
  return { planCents, otherCents };
}
