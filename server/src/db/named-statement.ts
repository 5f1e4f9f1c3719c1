import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "./client.js";

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
  const name = `s_${createHash("sha1").update(built.sql).digest("base64url").slice(0, 20)}`;
  return db._.session.prepareQuery(built, undefined, name, false).execute();
}
