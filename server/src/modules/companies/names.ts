import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { preparedOnce } from "../../db/named-statement.js";
import { companies } from "../../db/schema.js";

/** The companies' names read from a database, at a count of name changes. */
type NamesRead = { changes: number; names: Map<string, string> };

const namesRead = new WeakMap<Database, NamesRead>();

/** The names kept at most; past it the kept ones are dropped and read again as needed. */
const keptNames = 10_000;

/** The names of the companies with these ids, read now: a statement kept. */
function readCompanyNames(db: Database, ids: string[]): Promise<{ id: string; name: string }[]> {
  return preparedOnce(db, "company_names_of_ids", () =>
    db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(sql`${companies.id} = any(${sql.placeholder("ids")}::uuid[])`)
      .prepare("company_names_of_ids"),
  ).execute({ ids });
}

/**
 * The names of the companies with these ids as of `changes`, the count of changes to companies'
 * names (`company_names`, kept by the triggers of migration 0071) that a statement read beside its
 * own rows: those read before at that count, the others read now in one statement and kept. When
 * the count moved, all are read again. A board looked each card's company up at every call, a
 * sixth of its statement on the embedded database (docs/decisions/044-the-board-names-what-it-keeps.md).
 */
export async function companyNamesAsOf(
  db: Database,
  changes: number,
  ids: Iterable<string>,
): Promise<Map<string, string>> {
  let read = namesRead.get(db);
  // Names kept at an older count may have changed since; those read at a newer one are at least
  // as new as the caller's statement, and kept.
  if (!read || read.changes < changes || read.names.size > keptNames) {
    read = { changes: Math.max(changes, read?.changes ?? changes), names: new Map() };
    namesRead.set(db, read);
  }
  const names = new Map<string, string>();
  const missing = new Set<string>();
  for (const id of ids) {
    const name = read.names.get(id);
    if (name === undefined) missing.add(id);
    else names.set(id, name);
  }
  if (missing.size > 0) {
    for (const { id, name } of await readCompanyNames(db, [...missing])) {
      names.set(id, name);
      read.names.set(id, name);
    }
  }
  return names;
}
