import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { orders, payments } from "../../../db/schema.js";

/**
 * What a client company has paid, less what was given back, per currency (minor units): the sum of
 * the ledger's entries of its orders `visible` keeps (every one when undefined), where a refund is
 * a negative payment. Read through the orders' company index and the payments' order index.
 */
export function revenueOfCompany(
  db: Database,
  companyId: string,
  visible?: SQL,
): Promise<{ currency: string; cents: number }[]> {
  return db
    .select({
      currency: orders.currency,
      cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number),
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.companyId, companyId), visible))
    .groupBy(orders.currency)
    .orderBy(orders.currency);
}
