import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orders } from "../../db/schema.js";

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
  /** "monthly" or "yearly" when lines recur (its subscription renews then), else "one-time". */
  serviceDuration: string;
  /** Every line once: the first payment. */
  priceCents: number;
  /** The recurring lines: what each renewal charges (null: nothing recurs). */
  renewalPriceCents: number | null;
  createdAt: Date;
};

/** Writes the unpaid order in the caller's transaction and answers its id. */
export async function placeCustomOrder(tx: Database, order: CustomOrder): Promise<string> {
  const [row] = await tx
    .insert(orders)
    .values({
      ...order,
      planId: null,
      listPriceCents: order.priceCents,
      // Custom work is arranged by mail; the customer's number is asked for nowhere else.
      phone: "",
    })
    .returning({ id: orders.id });
  if (!row) throw new Error("The custom order was not written.");
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
