import { isId, type PageQuery } from "@agency/contract";
import { and, asc, desc, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { AppError } from "../errors.js";
import type { Database } from "./client.js";
import type { KeptFilter } from "./filter-values.js";
import { executeKeptQuery, hiddenFromPlanner, limitInText, type Preparable } from "./named-statement.js";

/** The columns a newest-first list is ordered by; an index on (created_at, id) serves both ways. */
type Key = { createdAt: PgColumn; id: PgColumn };

/** What the query of one page needs: its condition (the list's filter included), order and limit. */
export type PagePlan = {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  /** Select this as `cursor`: the row's position, as a cursor. */
  cursor: SQL<string>;
  /**
   * The page as a statement that can be built once and kept (`preparedOnce`), when the list has
   * no filter or its filter's values are placeholders (`keptValues`): its condition with the
   * position and the rows skipped as placeholders too, `shape` naming which of them it holds
   * (with the limit, written in its text) and `values` filling them in (the filter's are the
   * caller's to add).
   */
  kept?: { where: SQL | undefined; shape: string; values: Record<string, string | number> };
};

export type Page<Row> = { rows: Row[]; nextCursor: string | null; previousCursor: string | null };

const positionPattern = /^((\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\.\d{6}Z)\|([A-Za-z0-9-]{1,100})$/;

/** A cursor is a row's created_at (to the microsecond, as the database keeps it) and id. */
function decodeCursor(key: Key, name: "after" | "before", cursor: string) {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const [, timestamp, second, id] = positionPattern.exec(text) ?? [];
  const date = new Date(`${second}Z`);
  const valid =
    timestamp !== undefined &&
    second !== undefined &&
    id !== undefined &&
    // A date and time that exist (the database would fail on 2026-02-30 or a year 0).
    !Number.isNaN(date.getTime()) &&
    date.getUTCFullYear() >= 1000 &&
    date.toISOString().startsWith(second) &&
    (key.id.getSQLType() !== "uuid" || isId(id));
  if (!valid) {
    const message = "The page cursor is not valid: open the first page of the list again.";
    throw new AppError("bad_request", message, { [name]: "must be a cursor this list handed out" });
  }
  return { timestamp, id };
}

/** A row's position in the list, as text: its created_at to the microsecond, "|", its id. */
function positionOf(key: Key): SQL<string> {
  return sql<string>`to_char(${key.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || ${key.id}`;
}

/**
 * A list's rows counted per day (UTC) of their created_at, kept by a trigger: the rows of a
 * count's `key` on each day are the sum of `value` over that day's slots.
 */
type DayCounts = { key: PgColumn; day: PgColumn; value: PgColumn };

/** The day counts of the rows a list's filter keeps: those under `key`. */
export type CountedDays = { counts: DayCounts; key: string };

/**
 * Where a numbered page starts: the row `skip` rows down the list, found by walking the index
 * alone, so the page's own query then reads just its rows (not every row above them as well).
 * The count skipped is hidden from the planner, so a kept statement keeps its plan. When the rows
 * the filter keeps are counted per day (`days`, with `daysKey` their key as a value or a
 * placeholder), the days are added up from the newest to the one that holds that row, and that
 * day's rows alone are walked (docs/decisions/042).
 */
function numberedPageStart(
  key: Key,
  filter: SQL | undefined,
  skip: number | SQL,
  days?: { counts: DayCounts; daysKey: SQL },
): SQL {
  const skipped = hiddenFromPlanner(skip, "bigint");
  const table = key.createdAt.table;
  if (days) {
    const { counts, daysKey } = days;
    const dayStart = (day: SQL) => sql`(${day})::timestamp at time zone 'UTC'`;
    const onDay = sql`${key.createdAt} >= ${dayStart(sql`found.day`)} and ${key.createdAt} < ${dayStart(sql`found.day + 1`)}`;
    // Each day's rows (its slots summed), newest first, with the rows up to and including it: a
    // running sum over whole days, which adds each day once (a frame that left the day's own
    // rows out was summed again from the start for every day).
    const walked = sql`select ${counts.day} as day, sum(${counts.value}) as rows, sum(sum(${counts.value})) over (order by ${counts.day} desc rows unbounded preceding) as upto from ${counts.day.table} where ${counts.key} = ${daysKey} group by ${counts.day} order by ${counts.day} desc`;
    return sql`(${key.createdAt}, ${key.id}) <= (select start.created_at, start.id from (select walked.day, (${skipped} - (walked.upto - walked.rows))::bigint as within from (${walked}) walked where walked.upto > ${skipped} order by walked.day desc limit 1) found cross join lateral (select ${key.createdAt} as created_at, ${key.id} as id from ${table} where ${filter ? and(filter, onDay) : onDay} order by ${key.createdAt} desc, ${key.id} desc offset found.within limit 1) start)`;
  }
  const where = filter ? sql`where ${filter}` : sql``;
  return sql`(${key.createdAt}, ${key.id}) <= (select ${key.createdAt}, ${key.id} from ${table} ${where} order by ${key.createdAt} desc, ${key.id} desc offset ${skipped} limit 1)`;
}

/**
 * One page of a list ordered newest first by (created_at, id), of the rows `filter` keeps. With a
 * cursor it is a keyset page: the database starts at that row through the index, so every page is
 * as quick as the first and rows written or deleted meanwhile neither repeat nor skip others.
 * `run` does the query with the plan's condition, order and limit. `keepable`: the filter's values
 * are placeholders (or there is no filter), so the plan offers the page as a kept statement.
 * `days`: the day counts of the rows `filter` keeps, when a trigger keeps them (`numberedPageStart`).
 */
export async function newestFirstPage<Row>(
  key: Key,
  query: PageQuery,
  run: (plan: PagePlan) => Promise<{ row: Row; cursor: string }[]>,
  filter?: SQL,
  keepable = filter === undefined,
  days?: CountedDays,
): Promise<Page<Row>> {
  const backwards = query.before !== undefined;
  const given = query.after ?? query.before;
  const position = given === undefined ? undefined : decodeCursor(key, backwards ? "before" : "after", given);
  const at = position && sql`(${position.timestamp}::timestamptz, ${position.id})`;
  const skip = position ? 0 : query.page * query.size;
  // The day counts serve a numbered page only (a cursor's page starts where the cursor says).
  const counted = skip > 0 ? days : undefined;
  const from = (start: SQL | undefined, rowsSkipped: number | SQL, daysKey: SQL | undefined) =>
    and(
      filter,
      start &&
        (backwards
          ? sql`(${key.createdAt}, ${key.id}) > ${start}`
          : sql`(${key.createdAt}, ${key.id}) < ${start}`),
      skip > 0
        ? numberedPageStart(
            key,
            filter,
            rowsSkipped,
            counted && daysKey && { counts: counted.counts, daysKey },
          )
        : undefined,
    );
  // One more than shown tells whether there is a page beyond.
  const limit = query.size + 1;
  const placeholders = sql`(${sql.placeholder("positionAt")}::timestamptz, ${sql.placeholder("positionId")})`;
  const found = await run({
    where: from(at, skip, counted && sql`${counted.key}`),
    orderBy: backwards ? [asc(key.createdAt), asc(key.id)] : [desc(key.createdAt), desc(key.id)],
    limit,
    cursor: positionOf(key),
    kept: keepable
      ? {
          where: from(
            position && placeholders,
            sql`${sql.placeholder("skip")}`,
            counted && sql`${sql.placeholder("daysKey")}`,
          ),
          shape: `${backwards ? "before" : "after"}_${position ? "position" : "start"}_${skip > 0 ? (counted ? "days" : "skip") : "top"}_${limit}`,
          values: {
            ...(position ? { positionAt: position.timestamp, positionId: position.id } : {}),
            skip,
            ...(counted ? { daysKey: counted.key } : {}),
          },
        }
      : undefined,
  });
  const more = found.length > query.size;
  const shown = found.slice(0, query.size);
  if (backwards) shown.reverse();
  const encode = (entry: { cursor: string } | undefined) =>
    entry ? Buffer.from(entry.cursor, "utf8").toString("base64url") : null;
  const first = encode(shown[0]);
  const last = encode(shown.at(-1));
  const cameFromBefore = query.page > 0 || query.after !== undefined;
  return {
    rows: shown.map((entry) => entry.row),
    nextCursor: backwards ? (last ?? query.before ?? null) : more ? last : null,
    previousCursor: backwards
      ? more
        ? first
        : null
      : cameFromBefore
        ? (first ?? query.after ?? null)
        : null,
  };
}

/**
 * Every row `filter` keeps, newest first, read `batchSize` at a time by keyset through the
 * `(created_at, id)` index: an export of a million rows holds one batch in memory, and each batch
 * is as quick to read as the first. `run` does one batch's query with the plan it is given.
 */
export async function* newestFirstBatches<Row>(
  key: Key,
  run: (plan: PagePlan) => Promise<{ row: Row; cursor: string }[]>,
  filter?: SQL,
  batchSize = 1000,
): AsyncGenerator<Row[]> {
  let position: { timestamp: string; id: string } | undefined;
  for (;;) {
    const at = position && sql`(${position.timestamp}::timestamptz, ${position.id})`;
    const found = await run({
      where: and(filter, at && sql`(${key.createdAt}, ${key.id}) < ${at}`),
      orderBy: [desc(key.createdAt), desc(key.id)],
      limit: batchSize,
      cursor: positionOf(key),
    });
    if (found.length > 0) yield found.map((entry) => entry.row);
    const last = found.at(-1);
    if (!last || found.length < batchSize) return;
    const separator = last.cursor.indexOf("|");
    position = { timestamp: last.cursor.slice(0, separator), id: last.cursor.slice(separator + 1) };
  }
}

/**
 * The query of one page or batch of a table's rows (the whole row), for `newestFirstPage` and
 * `newestFirstBatches`.
 */
export function wholeRows<T extends PgTable>(db: Database, table: T) {
  return (plan: PagePlan) =>
    db
      .select({ row: table as PgTable, cursor: plan.cursor })
      .from(table as PgTable)
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit) as unknown as Promise<{ row: T["$inferSelect"]; cursor: string }[]>;
}

/**
 * Runs a page's statement, which `select` builds for a condition and a limit. With `kept` (the
 * list's filter as `keptValues` wrote it, or its shape "all"), it is kept under `prefix` and the
 * filter's and the page's shapes (`executeKeptQuery`), the limit written in its text; without,
 * it is built and run with its values written in.
 */
export async function runPage<Result>(
  db: Database,
  prefix: string,
  plan: PagePlan,
  kept: KeptFilter | undefined,
  select: (where: SQL | undefined, limit: number) => Preparable<Result> & PromiseLike<Result>,
): Promise<Result> {
  const page = plan.kept;
  if (!kept || !page) return select(plan.where, plan.limit);
  return executeKeptQuery(
    db,
    `${prefix}_page_${kept.shape}_${page.shape}`,
    () => select(page.where, limitInText(plan.limit)),
    { ...kept.values, ...page.values },
  );
}
