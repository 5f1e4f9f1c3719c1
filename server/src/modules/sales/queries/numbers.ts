import type { SalesKind } from "@agency/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { salesCounters } from "../../../db/schema.js";

/**
 * Counts one more of a kind in a year and answers that count; the counter row stays locked until
 * the transaction ends.
 */
export async function nextSalesSequence(tx: Database, kind: SalesKind, year: number) {
  const [counter] = await tx
    .insert(salesCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [salesCounters.kind, salesCounters.year],
      set: { last: sql`${salesCounters.last} + 1` },
    })
    .returning({ last: salesCounters.last });
  return counter?.last;
}
