import type { SQL } from "drizzle-orm";
import type { Database } from "./client.js";
import { executeKept, executeNamed } from "./named-statement.js";

type Options = {
  /** Runs it as a named statement, planned once per connection (see `executeNamed`). */
  named?: boolean;
};

/**
 * The rows a raw statement answers, typed as the caller names its columns. node-postgres and
 * PGlite both answer with them in `rows`; `db.execute` types the answer by neither.
 */
export async function rowsOf<Row>(db: Database, query: SQL, options: Options = {}): Promise<Row[]> {
  const result = options.named ? await executeNamed(db, query) : await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** The first row a raw statement answers, or undefined when it answers none. */
export async function firstRowOf<Row>(
  db: Database,
  query: SQL,
  options: Options = {},
): Promise<Row | undefined> {
  const [row] = await rowsOf<Row>(db, query, options);
  return row;
}

/**
 * The first row of a statement built once per `shape` and kept, its placeholders filled from
 * `values` (see `executeKept`).
 */
export async function firstKeptRowOf<Row>(
  db: Database,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<Row | undefined> {
  const [row] = ((await executeKept(db, shape, build, values)) as { rows: Row[] }).rows;
  return row;
}
