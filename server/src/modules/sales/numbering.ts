import { formatSalesNumber, type SalesKind } from "@agency/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { salesCounters } from "../../db/schema.js";

/**
 * The next number of a kind in a year, taken inside the sending transaction as receipts take
 * theirs (billing/receipts/issue.ts): the counter row is locked until that transaction ends, so
 * concurrent sends wait for each other, and a send that rolls back takes its number with it.
 * Numbers have neither gaps nor duplicates.
 */
export async function takeSalesNumber(tx: Database, kind: SalesKind, year: number) {
  const [counter] = await tx
    .insert(salesCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [salesCounters.kind, salesCounters.year],
      set: { last: sql`${salesCounters.last} + 1` },
    })
    .returning({ last: salesCounters.last });
  if (!counter) throw new Error("The sales counter was not updated.");
  return { number: formatSalesNumber(kind, year, counter.last), year, sequence: counter.last };
}
