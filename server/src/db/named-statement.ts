import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "./client.js";
import { type FilterValues, keptValues } from "./filter-values.js";

const dialect = new PgDialect();

/**
 * Runs `query` as a named statement, answering what `db.execute` would. On PostgreSQL each
 * connection then parses and plans it once and reuses the plan: for a long statement run on
 * every order, planning took longer than running it. The name is taken from the statement's
 * text, so each of its variants (its parts left out or in) has its own; the values stay
 * parameters. The embedded database runs it as `db.execute` does.
 */
export function executeNamed(db: Database, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  return db._.session.prepareQuery(built, undefined, nameOf(built.sql), false).execute();
}

/**
 * `executeNamed` for a statement built once per database handle and `shape`, and kept
 * (`preparedOnce`): `build` writes it with its values as placeholders (`sql.placeholder`), which
 * `values` fills at each run. For a long statement read on every request, whose text depends only
 * on which of its parts it holds (the shape): building it took longer than running it.
 */
export function executeKept(
  db: Database,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<unknown> {
  const built = preparedOnce(db, `kept_${shape}`, () => dialect.sqlToQuery(build()));
  return db._.session.prepareQuery(built, undefined, nameOf(built.sql), false).execute(values);
}

const nameOf = (text: string) => `s_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;

/**
 * A kept statement's name from a longer one that says what it holds: PostgreSQL cuts a name
 * at 63 bytes, and two kept statements' names must differ where it keeps them.
 */
const statementName = (name: string): string => (name.length <= 63 ? name : nameOf(name));

const kept = new WeakMap<object, Map<string, unknown>>();

/**
 * A named statement built once per database handle and kept, its values left as placeholders
 * (`sql.placeholder`) filled in at each run: a list of orders reads such statements for every
 * page, and building one took longer than running it. Within a transaction it is built for that
 * transaction alone.
 */
export function preparedOnce<Query>(db: Database, name: string, build: () => Query): Query {
  const queries = keptBy(db);
  let query = queries.get(name) as Query | undefined;
  if (!query) {
    query = build();
    queries.set(name, query);
  }
  return query;
}

function keptBy(db: Database): Map<string, unknown> {
  let queries = kept.get(db);
  if (!queries) {
    queries = new Map();
    kept.set(db, queries);
  }
  return queries;
}

/**
 * How many statements a database handle keeps before `executeKeptQuery` stops keeping new ones
 * (those of `preparedOnce` count too). A list's statements are kept for each shape of its filter
 * and page, of which a caller could ask for thousands; PostgreSQL keeps each named statement on
 * each connection that ran it, and node-postgres never closes them. The first shapes asked for
 * keep their places until the server restarts; later ones run unnamed.
 */
const maxKeptStatements = 256;

export type Preparable<Result> = {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> };
};

/**
 * A query builder's statement, its values as placeholders, kept under `name` (`preparedOnce`) and
 * run with `values`. Once the handle keeps `maxKeptStatements`, a new one is built and run unnamed
 * each time instead, as a statement with its values written in would be.
 */
export function executeKeptQuery<Result>(
  db: Database,
  name: string,
  build: () => Preparable<Result>,
  values: Record<string, unknown>,
): Promise<Result> {
  const queries = keptBy(db);
  if (!queries.has(name) && queries.size >= maxKeptStatements) return build().prepare("").execute(values);
  return preparedOnce(db, name, () => build().prepare(statementName(name))).execute(values);
}

/**
 * A query builder's statement whose filter `build` writes through `keptValues`, kept under
 * `prefix` and the filter's shape (`executeKeptQuery`) and run with the filter's values.
 */
export function executeWithKeptFilter<Result>(
  db: Database,
  prefix: string,
  build: (bound: FilterValues) => Preparable<Result>,
): Promise<Result> {
  const bound = keptValues();
  const query = build(bound);
  const { shape, values } = bound.kept();
  return executeKeptQuery(db, `${prefix}_${shape}`, () => query, values);
}

/**
 * A whole number written into a named statement's text instead of passed as a parameter: for its
 * limits. PostgreSQL keeps a named statement's plan made for any values only when it costs no
 * more than one made for the given values, and it takes an unknown limit to be a tenth of the rows.
 * With a limit as a parameter, the work board's statement and a page of All Orders were planned
 * again at every run (binding took 1.8-2.0 and 0.6 ms); with it in the text, their plan is made
 * once.
 */
export function numberInText(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  return sql.raw(String(value));
}

/**
 * `numberInText` for a query builder's `.limit()`, whose type takes a number or a placeholder:
 * drizzle writes an SQL value given to it as it is.
 */
export const limitInText = (value: number): number => numberInText(value) as unknown as number;

/**
 * Constant words (states, kinds) written into a named statement's text as SQL literals: a partial
 * index on them serves a plan made for any values only when the planner sees them in the text.
 */
export function wordsInText(words: readonly string[]): SQL {
  for (const word of words) if (!/^[a-z_]+$/.test(word)) throw new Error(`not a plain word: ${word}`);
  return sql.raw(words.map((word) => `'${word}'`).join(", "));
}

/**
 * A value given as a subquery's answer, which the planner does not look into: its plans made for
 * the given value and for any value then cost the same, and PostgreSQL keeps the one for any.
 * Given as such, a week's few completed orders (the board), a page 10,000 rows deep (a numbered
 * page) and a week's due orders (the Workload page) made plans cheaper than the kept one, and each
 * was planned again at every run (docs/decisions/036). The index is used as before: the answer is
 * an index condition.
 */
export function hiddenFromPlanner(value: unknown, type: "timestamptz" | "bigint" | "text"): SQL {
  return sql`(select ${value}::${sql.raw(type)})`;
}
