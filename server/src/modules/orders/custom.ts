import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { writeOrderLines } from "./lines.js";

/** One line of custom work, as the quote or invoice priced it. */
export type CustomOrderLine = {
  description: string;
  quantity: number;
  unitCents: number;
  /** Charged again with every renewal of the order's subscription. */
  recurring: boolean;
};

/**
 * Custom work sold by a quote or invoice: an order without a plan, unpaid until its card payment
 * goes through the usual payment calls, which then submit it to the team (`order.paid`).
 */
export type CustomOrder = {
  userId: string;
  email: string;
  name: string;
  /** What the order is for, as lists and the board show it. */
  service: string;
  /** How often the recurring lines renew (its subscription starts with the payment); null: none do. */
  interval: "monthly" | "yearly" | null;
  /** The currency the lines were priced in; the payment is taken in it. */
  currency: string;
  lines: readonly CustomOrderLine[];
  createdAt: Date;
};

const centsOf = (lines: readonly CustomOrderLine[]) =>
  lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);

/**
 * Writes the unpaid order and its lines (kind "custom") in the caller's transaction and answers its
 * id. Its first payment is every line once; each renewal charges the recurring lines.
 */
export async function placeCustomOrder(tx: Database, order: CustomOrder): Promise<string> {
  const priceCents = centsOf(order.lines);
  const recurring = order.lines.filter((line) => line.recurring);
  const [row] = await tx
    .insert(orders)
    .values({
      userId: order.userId,
      email: order.email,
      name: order.name,
      service: order.service,
      serviceDuration: order.interval && recurring.length > 0 ? order.interval : "one-time",
      planId: null,
      priceCents,
      listPriceCents: priceCents,
      currency: order.currency,
      renewalPriceCents: order.interval && recurring.length > 0 ? centsOf(recurring) : null,
      // Custom work is arranged by mail; the customer's number is asked for nowhere else.
      phone: "",
      createdAt: order.createdAt,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error("The custom order was not written.");
  await writeOrderLines(
    tx,
    row.id,
    order.lines.map((line) => ({ kind: "custom" as const, ...line })),
  );
  return row.id;
}

/** Whether a sale's order is still unpaid (its payment may go on), paid, or was deleted. */
export async function paymentStateOfOrder(
  tx: Database,
  orderId: string,
): Promise<"unpaid" | "paid" | "gone"> {
  const [row] = await tx.select({ paid: orders.paid }).from(orders).where(eq(orders.id, orderId));
  if (!row) return "gone";
  return row.paid ? "paid" : "unpaid";
}
