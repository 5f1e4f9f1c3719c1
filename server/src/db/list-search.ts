import { type MatchCount, maxMatchCount } from "@agency/contract";
import { and, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.js";
import { type FilterValues, inlineValues } from "./filter-values.js";
import { executeKeptQuery, limitInText } from "./named-statement.js";

/** `%` and `_` typed by the admin are letters, not patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The words of a search, as the 'simple' text search configuration splits a name into them. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Rows with an entry of a word table that starts with `pattern` (an escaped LIKE prefix): a table
 * of each row's name words and its whole e-mail, lower case, under a B-tree (`text_pattern_ops`).
 */
export type WordLookup = (pattern: string) => SQL;

/** The LIKE pattern of a search that is one word and nothing else ("smi", not "o'b" or "a b"). */
export function oneWordPattern(text: string): string | undefined {
  const lowered = text.trim().toLowerCase();
  const words = wordsOf(lowered);
  return words.length === 1 && words[0] === lowered ? `${escapeLike(lowered)}%` : undefined;
}

/**
 * A search on a name and an e-mail, whatever the case: the start of the e-mail (through an index
 * on `lower(email) text_pattern_ops`), the start of the name (`lower(name) text_pattern_ops`), or
 * words of the name that start with the words typed ("smi" finds "Jane Smith"). The words are
 * looked up in the table's word table when it has one (`lookup`), else through a GIN index on
 * `to_tsvector('simple', name)`. Each table indexes exactly these expressions. With a word table,
 * a search of one word is a single lookup: the e-mail is an entry, and a name starts with its
 * first word.
 */
export function nameOrEmailSearch(
  columns: { name: PgColumn; email: PgColumn },
  text: string,
  lookup?: WordLookup,
): SQL | undefined {
  const lowered = text.trim().toLowerCase();
  if (!lowered) return undefined;
  const prefix = `${escapeLike(lowered)}%`;
  // Text with an "@" is the start of an address: names are not searched for it.
  if (lowered.includes("@")) return sql`lower(${columns.email}) like ${prefix}`;
  const oneWord = oneWordPattern(lowered);
  if (lookup && oneWord) return lookup(oneWord);
  const words = wordsOf(lowered);
  const everyWord =
    words.length === 0
      ? undefined
      : lookup
        ? and(...words.map((word) => lookup(`${escapeLike(word)}%`)))
        : sql`to_tsvector('simple', ${columns.name}) @@ to_tsquery('simple', ${words.map((word) => `${word}:*`).join(" & ")})`;
  return or(
    sql`lower(${columns.email}) like ${prefix}`,
    sql`lower(${columns.name}) like ${prefix}`,
    everyWord,
  );
}

/** Rows created on the days `from` to `to` (UTC, both included); `bound` as in `visibleOrdersOf`. */
export function createdOnDays(
  column: PgColumn,
  range: { from?: string; to?: string },
  bound: FilterValues = inlineValues,
): SQL[] {
  const conditions: SQL[] = [];
  if (range.from) conditions.push(gte(column, bound.value("from", new Date(`${range.from}T00:00:00.000Z`))));
  if (range.to) {
    const end = new Date(`${range.to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(column, bound.value("to", end)));
  }
  return conditions;
}

/**
 * How many rows `filter` keeps, counted up to `maxMatchCount` and no further, so a filter that
 * keeps most of a large table costs a thousand index entries, not a count of the whole table.
 * With `kept`, the filter holds placeholders (`keptValues`): the statement is built once under
 * that name and kept, and `values` fills it in.
 */
export async function countMatches(
  db: Database,
  table: PgTable,
  filter: SQL,
  kept?: { name: string; values: Record<string, unknown> },
): Promise<MatchCount> {
  const counting = () => {
    const matched = db
      .select({ one: sql`1`.as("one") })
      .from(table)
      .where(filter)
      .limit(limitInText(maxMatchCount + 1))
      .as("matched");
    return db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(matched);
  };
  const [row] = kept ? await executeKeptQuery(db, kept.name, counting, kept.values) : await counting();
  const count = row?.count ?? 0;
  return { count: Math.min(count, maxMatchCount), more: count > maxMatchCount };
}
