import { eq } from "drizzle-orm";
import type { Database } from "../../../../db/client.js";
import { orders, promoCodes } from "../../../../db/schema.js";

type OrderRow = typeof orders.$inferSelect;

/** The order's row. */
export async function orderRowById(db: Database, id: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order;
}

/** The promo code with this id. */
export async function promoCodeRowById(db: Database, id: string) {
  const [code] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return code;
}
