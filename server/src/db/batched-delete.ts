import { inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.js";

/** Rows one statement of the upkeep removes at most: each is short, and requests go between them. */
const pruneBatchSize = 1000;

/**
 * Deletes the rows of `table` that `condition` keeps, `batchSize` at a time, each batch its own
 * statement (and, outside a transaction, its own commit), until none is left; answers how many
 * went. A table's owner calls it with its own table: the statement is the owner's.
 */
export async function deleteInBatches(
  db: Database,
  table: PgTable,
  id: PgColumn,
  condition: SQL,
  batchSize = pruneBatchSize,
): Promise<number> {
  let total = 0;
  for (;;) {
    const chosen = db.select({ id }).from(table).where(condition).limit(batchSize);
    const gone = await db.delete(table).where(inArray(id, chosen)).returning({ id });
    total += gone.length;
    if (gone.length < batchSize) return total;
  }
}
