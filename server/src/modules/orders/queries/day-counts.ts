import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { firstRowOf } from "../../../db/rows.js";
import { orderDayCounts } from "../../../db/schema.js";
import { isDeadlock } from "../../../db/unique-violation.js";

/** The (key, day) counts one statement of the fold takes at most: each is short. */
const foldBatchSize = 2000;

/**
 * The slot a folded day count is kept in. Connections write slots 0 to 31 (`pg_backend_pid() % 32`
 * in `add_order_day_counts`, migration 0069), never this one, so the fold's insert never waits for a
 * row an order's statement is writing.
 */
const foldedSlot = 32;

/** How many times a batch rolled back by a deadlock is tried again. */
const deadlockTries = 3;

export type DayCountsFolded = {
  /** The (key, day) counts folded: their slots made one row, or removed when they add up to 0. */
  days: number;
  /** The rows they had before. */
  rows: number;
};

type Batch = { days: number; rows: number; last_key: string | null; last_day: string | null };

/**
 * Folds the slots of each day count before `before` (a UTC day, "2026-03-01") into one row, and
 * removes the day counts that add up to nothing (docs/decisions/042). Each connection adds to a
 * slot of its own, so on PostgreSQL a busy day has up to 32 rows per key, and a state's count of a
 * past day drops to 0 as its orders move on; the walk to a deep page reads every one of them.
 * A batch at a time, in the order of key and day, each statement from where the last one ended:
 * it locks the rows it folds in that order, as the orders' trigger writes them, and writes the sum
 * into a slot no connection writes (`foldedSlot`). A row written after it began stays as it is, to
 * be folded the next time; a batch that a deadlock rolls back anyway is tried again.
 */
export async function foldOrderDayCounts(
  db: Database,
  before: string,
  batchSize = foldBatchSize,
): Promise<DayCountsFolded> {
  const folded: DayCountsFolded = { days: 0, rows: 0 };
  let after: { key: string; day: string } | undefined;
  for (;;) {
    const batch = await foldBatch(db, before, batchSize, after);
    folded.days += batch.days;
    folded.rows += batch.rows;
    if (batch.days < batchSize || batch.last_key === null || batch.last_day === null) return folded;
    after = { key: batch.last_key, day: batch.last_day };
  }
}

async function foldBatch(
  db: Database,
  before: string,
  batchSize: number,
  after: { key: string; day: string } | undefined,
): Promise<Batch> {
  const c = orderDayCounts;
  const from = after ? sql`and (${c.key}, ${c.day}) > (${after.key}, ${after.day}::date)` : sql``;
  const statement = sql`with chosen as (
      select ${c.key} as key, ${c.day} as day from ${c}
      where ${c.day} < ${before}::date ${from}
      group by 1, 2
      having count(*) > 1 or sum(${c.value}) = 0
      order by 1, 2
      limit ${batchSize}
    ), locked as (
      select c.key, c.day, c.slot from ${c} c join chosen using (key, day)
      order by c.key, c.day, c.slot
      for update of c
    ), removed as (
      delete from ${c} c using locked l
      where c.key = l.key and c.day = l.day and c.slot = l.slot
      returning c.key, c.day, c.value
    ), kept as (
      insert into ${c} as c (key, day, slot, value)
      select key, day, ${foldedSlot}, sum(value) from removed group by key, day having sum(value) <> 0
      on conflict (key, day, slot) do update set value = c.value + excluded.value
    ), last as (
      select key, day from chosen order by key desc, day desc limit 1
    )
    select (select count(*) from chosen)::int as days, (select count(*) from removed)::int as rows,
      (select key from last) as last_key, (select day::text from last) as last_day`;
  for (let tries = 1; ; tries += 1) {
    try {
      const batch = await firstRowOf<Batch>(db, statement);
      return batch ?? { days: 0, rows: 0, last_key: null, last_day: null };
    } catch (error) {
      if (!isDeadlock(error) || tries >= deadlockTries) throw error;
    }
  }
}
