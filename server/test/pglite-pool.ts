import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { pgliteStartParams } from "../src/db/client.js";

/**
 * Embedded databases for the API tests, each a copy of the run's migrated database.
 *
 * Starting a PGlite from the migrated dump costs about a second of CPU (unpacking 40 MB, starting
 * PostgreSQL in WebAssembly); a test file's database handed back when the file ends is instead
 * emptied to the migrated state (its tables truncated, the migration's rows and the sequences put
 * back, its session discarded) in a tenth of that, and lent to the next file of the same worker.
 * One whose schema a test changed and did not put back, or that was closed, is closed and dropped.
 */

type MigratedState = {
  /** The schema's outline: a database whose outline differs is not reused. */
  outline: string;
  tables: string[];
  rows: { table: string; columns: string; json: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
};

const outlineSql = `
  select md5(string_agg(item, ',' order by item)) as outline from (
    select 'relation ' || c.oid::regclass::text || ' ' || c.relkind::text || ' ' || c.relnatts as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    union all
    select 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text
      from pg_trigger where not tgisinternal
  ) items`;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The one row `sql` answers. */
async function one<T>(client: PGlite, sql: string, params?: unknown[]): Promise<T> {
  const [row] = (await client.query<T>(sql, params)).rows;
  if (!row) throw new Error(`No row from: ${sql}`);
  return row;
}

let dump: Promise<Blob> | undefined;
let migrated: Promise<MigratedState> | undefined;
const idle: PGlite[] = [];
/** How many emptied databases a worker keeps for its next files. */
const keptIdle = 2;

function migratedDump(): Promise<Blob> {
  dump ??= readFile(inject("migratedPgliteDump")).then((bytes) => new Blob([bytes]));
  return dump;
}

/** A PGlite started from the migrated dump, in memory or in `directory`. */
async function started(directory?: string): Promise<PGlite> {
  return PGlite.create(directory, { loadDataDir: await migratedDump(), startParams: pgliteStartParams });
}

/**
 * Puts a copy of the migrated database in `dataDir` (as DATA_DIR), unless one is there, for a test
 * that opens it as the shop or a command does: a fifth of the time of an empty directory's initdb.
 */
export async function holdMigratedDatabase(dataDir: string): Promise<void> {
  const directory = path.join(dataDir, "pglite");
  if (existsSync(path.join(directory, "PG_VERSION"))) return;
  await mkdir(directory, { recursive: true });
  await (await started(directory)).close();
}

/** A new data directory holding a copy of the migrated database. */
export async function migratedDataDir(prefix = "agency-data-"): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await holdMigratedDatabase(dataDir);
  return dataDir;
}

async function stateOf(client: PGlite): Promise<MigratedState> {
  const { outline } = await one<{ outline: string }>(client, outlineSql);
  const tables = (
    await client.query<{ name: string }>(
      `select c.oid::regclass::text as name from pg_class c
        where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace order by 1`,
    )
  ).rows.map((row) => row.name);
  const rows: MigratedState["rows"] = [];
  for (const table of tables) {
    const columns = (
      await client.query<{ name: string }>(
        `select attname as name from pg_attribute
          where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
          order by attnum`,
        [table],
      )
    ).rows.map((row) => quote(row.name));
    const { json } = await one<{ json: string | null }>(
      client,
      `select json_agg(t)::text as json from ${table} t`,
    );
    if (json) rows.push({ table, columns: columns.join(", "), json });
  }
  const sequences: MigratedState["sequences"] = [];
  const names = (
    await client.query<{ name: string }>(
      `select c.oid::regclass::text as name from pg_class c
        where c.relkind = 'S' and c.relnamespace = 'public'::regnamespace`,
    )
  ).rows;
  for (const { name } of names) {
    const row = await one<{ last_value: string; is_called: boolean }>(
      client,
      `select last_value::text, is_called from ${name}`,
    );
    sequences.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return { outline, tables, rows, sequences };
}

/** Empties `client` back to the migrated state; false when it cannot be (closed, schema changed). */
async function emptied(client: PGlite, state: MigratedState): Promise<boolean> {
  if (client.closed) return false;
  try {
    await client.exec("rollback");
    await client.exec("discard all");
    const { outline } = await one<{ outline: string }>(client, outlineSql);
    if (outline !== state.outline) return false;
    // Replica mode keeps the triggers (counts, the audit log's guards) out of the emptying.
    await client.exec(
      `set session_replication_role = replica;
       truncate ${state.tables.join(", ")} restart identity;`,
    );
    for (const { table, columns, json } of state.rows) {
      await client.query(
        `insert into ${table} (${columns}) overriding system value
          select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
        [json],
      );
    }
    for (const { name, lastValue, isCalled } of state.sequences) {
      await client.query("select setval($1::regclass, $2::bigint, $3)", [name, lastValue, isCalled]);
    }
    await client.exec("discard all");
    return true;
  } catch {
    return false;
  }
}

/** A database in the migrated state, and the function that hands it back when the file is done. */
export async function borrowPglite(): Promise<{ client: PGlite; giveBack(): Promise<void> }> {
  const client = idle.pop() ?? (await started());
  migrated ??= stateOf(client);
  const state = await migrated;
  let lent = true;
  // The file's code sees the database only while it holds it: a late call (a timer left behind)
  // fails as on a closed database instead of writing into the next file's.
  const lease = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (!lent) return () => Promise.reject(new Error("This test database was handed back"));
      return value.bind(target);
    },
  });
  return {
    client: lease,
    async giveBack() {
      if (!lent) return;
      lent = false;
      if (idle.length < keptIdle && (await emptied(client, state))) idle.push(client);
      else if (!client.closed) await client.close();
    },
  };
}
