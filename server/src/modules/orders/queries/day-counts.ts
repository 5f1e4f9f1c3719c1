import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { firstRowOf } from "../../../db/rows.js";
import { orderDayCounts } from "../../../db/schema.js";

/** The (key, day) counts one statement of the fold takes at most: each is short. */
const foldBatchSize = 2000;

export type DayCountsFolded = {
  /** The (key, day) counts folded: their slots made one row, or removed when they add up to 0. */
  days: number;
  /** The rows they had before. */
  rows: number;
};

/**
 * Folds the slots of each day count before `before` (a UTC day, "2026-03-01") into one row, and
 * removes the day counts that add up to nothing (docs/decisions/042). Each connection adds to a
 * slot of its own, so on PostgreSQL a busy day has up to 32 rows per key, and a state's count of a
 * past day drops to 0 as its orders move on; the walk to a deep page reads every one of them. A
 * batch at a time: each statement locks the rows it folds in the order of their key and day, as
 * the orders' trigger does, so it never deadlocks with an order being written, and a row written
 * after it began stays as it is, to be folded the next time.
 */
export async function foldOrderDayCounts(
  db: Database,
  before: string,
  batchSize = foldBatchSize,
): Promise<DayCountsFolded> {
  const folded: DayCountsFolded = { days: 0, rows: 0 };
  const c = orderDayCounts;
  for (;;) {
    const batch = await firstRowOf<{ days: number; rows: number }>(
      db,
      sql`with chosen as (
        select ${c.key} as key, ${c.day} as day from ${c}
        where ${c.day} < ${before}::date
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
        select key, day, 0, sum(value) from removed group by key, day having sum(value) <> 0
        on conflict (key, day, slot) do update set value = c.value + excluded.value
        returning 1
      )
      select (select count(*) from chosen)::int as days, (select count(*) from removed)::int as rows,
        (select count(*) from kept)::int as kept`,
    );
    folded.days += batch?.days ?? 0;
    folded.rows += batch?.rows ?? 0;
    if ((batch?.days ?? 0) < batchSize) return folded;
  }
}
