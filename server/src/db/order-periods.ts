import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { orderPeriods } from "./schema.js";

/**
 * SQL: the number of the order's open work period, for a history entry, message or file written
 * now (1 for an order paid before periods were kept, or written by a tool that keeps none).
 */
export function currentPeriodOf(orderId: string | SQL | AnyPgColumn): SQL<number> {
  return sql<number>`coalesce((select max(${orderPeriods.number}) from ${orderPeriods}
    where ${orderPeriods.orderId} = ${orderId} and ${orderPeriods.openedAt} is not null), 1)`;
}
