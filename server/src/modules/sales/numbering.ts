import { formatSalesNumber, type SalesKind } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { nextSalesSequence } from "./queries/numbers.js";

/**
 * The next number of a kind in a year, taken inside the sending transaction as receipts take
 * theirs (billing/receipts/issue.ts): the counter row is locked until that transaction ends, so
 * concurrent sends wait for each other, and a send that rolls back takes its number with it.
 * Numbers have neither gaps nor duplicates.
 */
export async function takeSalesNumber(tx: Database, kind: SalesKind, year: number) {
  const sequence = await nextSalesSequence(tx, kind, year);
  if (sequence === undefined) throw new Error("The sales counter was not updated.");
  return { number: formatSalesNumber(kind, year, sequence), year, sequence };
}
