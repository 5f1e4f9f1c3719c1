import { type MatchCount, maxMatchCount } from "@agency/contract";
import { gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.js";
import { type FilterValues, inlineValues } from "./filter-values.js";
import { executeKeptQuery, hiddenFromPlanner, limitInText } from "./named-statement.js";

/** `%` and `_` typed by the admin are letters, not patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The words of a search, as the 'simple' text search configuration splits a name into them. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A table's word table: an entry for each word of a row's name and its whole e-mail, lower case,
 * under a B-tree (`text_pattern_ops`).
 */
export type WordLookup = {
  /** SQL: the row has an entry that starts with `pattern` (an escaped LIKE prefix). */
  has(pattern: string): SQL;
  /**
   * SQL: the rows whose e-mail or name starts with `prefix`, or that have an entry starting with
   * each of `patterns`, as one set of ids. Written as probes of each row under an OR, each probe
   * was taken to keep half the rows, and the planner walked the newest-first index through the
   * whole table when few rows matched (seconds at 1,000,000 orders; as probes under an AND, when
   * its estimate of a word was off). As one set, the rarest word's entries are read first and the
   * others are probed for each of them: the cost follows the rarest word, not the table. The
   * name's own start stays a part: the word table splits a name as text search does ("acme.com"
   * is one word there, two typed).
   */
  anyOf(prefix: string, patterns: string[]): SQL;
};

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
 * first word. A search of several words is one set of ids: the rows with a word starting with
 * each word typed, and those whose e-mail or name starts with the text (`WordLookup.anyOf`).
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
  if (lookup && oneWord) return lookup.has(oneWord);
  const words = wordsOf(lowered);
  if (!lookup || words.length === 0) {
    return or(
      sql`lower(${columns.email}) like ${prefix}`,
      sql`lower(${columns.name}) like ${prefix}`,
      words.length === 0
        ? undefined
        : sql`to_tsvector('simple', ${columns.name}) @@ to_tsquery('simple', ${words.map((word) => `${word}:*`).join(" & ")})`,
    );
  }
  return lookup.anyOf(
    prefix,
    words.map((word) => `${escapeLike(word)}%`),
  );
}

/**
 * The strings that start with `from` (lower case, as typed), as a range: from it up to `below`,
 * the string just above every one of them (its last character one higher), compared byte by byte
 * (`~>=~`, `~<~`) as a `text_pattern_ops` index orders its entries. Undefined when no such string
 * exists (the text is empty or ends in U+10FFFF).
 */
export type PrefixRange = { from: string; below: string };

function prefixRange(from: string): PrefixRange | undefined {
  const chars = [...from];
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff) return undefined;
  // The code points of UTF-16's surrogates are no characters: the next one after them.
  return { from, below: chars.join("") + String.fromCodePoint(last + 1 === 0xd800 ? 0xe000 : last + 1) };
}

/**
 * The text an admin typed as the start of an address (it holds an "@"), lower case, as a range
 * (`prefixRange`); else undefined, and the search is `nameOrEmailSearch`'s.
 */
export function addressStart(text: string): PrefixRange | undefined {
  const from = text.trim().toLowerCase();
  return from.includes("@") ? prefixRange(from) : undefined;
}

/** A search that is one word and nothing else (`oneWordPattern`), as a range (`prefixRange`). */
export function oneWordStart(text: string): PrefixRange | undefined {
  return oneWordPattern(text) === undefined ? undefined : prefixRange(text.trim().toLowerCase());
}

/**
 * SQL: `column` (a `text_pattern_ops` index's) starts with `start`'s text, its ends hidden from the
 * planner (`hiddenFromPlanner`) under the names `from` and `below`.
 */
export function startsWith(
  column: SQL | PgColumn,
  start: PrefixRange,
  names: { from: string; below: string },
  bound: FilterValues,
): SQL {
  const from = hiddenFromPlanner(bound.value(names.from, start.from), "text");
  const below = hiddenFromPlanner(bound.value(names.below, start.below), "text");
  return sql`${column} ~>=~ ${from} and ${column} ~<~ ${below}`;
}

/**
 * The rows whose e-mail starts with `start` (`addressStart`), whatever the case: the range of the
 * `lower(email) text_pattern_ops` index from the text up to the string just above it, compared
 * byte by byte as that index orders them, which is every address with that start and no other.
 * The range is read first (`offset 0` keeps the planner from walking the newest-first index and
 * checking each row, which reads the whole table for an address with few orders), and its ends are
 * hidden from the planner: one plan serves every address, so the statement is kept and not
 * planned again for each (docs/decisions/040). An address's start names one person or a few
 * (its whole local part is typed), so its rows are few.
 */
export function emailStartsWith(
  table: PgTable,
  columns: { id: PgColumn; email: PgColumn },
  start: PrefixRange,
  bound: FilterValues = inlineValues,
): SQL {
  const names = { from: "addressFrom", below: "addressBelow" };
  return sql`${columns.id} in (select ${columns.id} from ${table} where ${startsWith(sql`lower(${columns.email})`, start, names, bound)} offset 0)`;
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
