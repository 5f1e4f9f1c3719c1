import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { connectPostgres, openPglite } from "../db/client.js";

export class MoveError extends Error {}

/** Rows read and written per statement. */
const batchSize = 2000;

type Progress = (message: string) => void;

async function sourceRows<T>(source: PGlite, query: string, params: unknown[] = []): Promise<T[]> {
  return (await source.query<T>(query, params)).rows;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The shop's tables, each after the tables its foreign keys point to. A table's references to
 * itself (a refund's payment) are checked at the end of each insert statement, so they need no order.
 */
async function tablesInDependencyOrder(source: PGlite): Promise<string[]> {
  const tables = (
    await sourceRows<{ name: string }>(
      source,
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    )
  ).map((row) => row.name);
  const edges = await sourceRows<{ child: string; parent: string }>(
    source,
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"(.*)"$/, "$1").replaceAll('""', '"');
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const edge of edges) {
    const child = unquote(edge.child);
    const parent = unquote(edge.parent);
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table) && [...(parents.get(table) ?? [])].every((parent) => placed.has(parent)),
    );
    if (ready.length === 0) {
      throw new MoveError(
        `The tables' foreign keys form a cycle: ${tables.filter((t) => !placed.has(t)).join(", ")}`,
      );
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** Whether the PostgreSQL database holds any table or sequence of its own (then nothing is copied). */
async function isEmpty(target: pg.Client): Promise<boolean> {
  const { rows } = await target.query<{ count: string }>(
    `select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'S', 'v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`,
  );
  return Number(rows[0]?.count ?? 0) === 0;
}

/**
 * Tables whose triggers refuse the delete-and-copy below: the audit log and its head, and a sent
 * quote's lines (frozen once their document is sent, which is copied before them).
 */
const appendOnlyTables = ["audit_log", "audit_head", "sales_document_lines"];

/**
 * Copies an embedded-database installation into an empty PostgreSQL database: the schema through
 * the shop's own migrations, then every table's rows in dependency order (in one transaction, so a
 * failure leaves no half-copied rows), then the sequences (order numbers) set to where they were,
 * and at least past the largest copied value. The admin lists' counts, the Overview's figures
 * per month and plan and the words orders and companies are searched by are rebuilt by the same
 * triggers that keep them, from the rows copied. The shop must be stopped while this runs.
 */
export async function moveToPostgres(options: {
  dataDir: string;
  databaseUrl: string;
  progress?: Progress;
}): Promise<{ tables: number; rows: number }> {
  const progress = options.progress ?? (() => {});
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    if (!(await isEmpty(client))) {
      throw new MoveError(
        "The PostgreSQL database is not empty: db:move copies into a new, empty database only (createdb a new one).",
      );
    }
    const source = await openPglite(options.dataDir);
    try {
      await source.migrate();
      const pglite = source.pglite;
      if (!pglite) throw new MoveError("The embedded database did not open.");
      const target = connectPostgres(options.databaseUrl);
      try {
        progress("creating the schema (migrations)");
        await target.migrate();
      } finally {
        await target.close();
      }
      // Figures and search words kept by triggers are rebuilt by them from the rows copied, not
      // copied themselves.
      const kept = new Set([
        "row_counts",
        "order_day_counts",
        "plan_months",
        "order_search_words",
        "company_search_words",
      ]);
      const tables = (await tablesInDependencyOrder(pglite)).filter((table) => !kept.has(table));
      let total = 0;
      await client.query("begin");
      try {
        // The audit log refuses deletes and any row that does not follow its head (migration 0020),
        // and a sent quote's lines any new one (0035): they are copied as they stand, with those
        // guards off inside this transaction only.
        for (const table of appendOnlyTables)
          await client.query(`alter table ${quote(table)} disable trigger user`);
        // Rows some migrations seed (the default brief questions) make way for the copied ones.
        for (const table of [...tables].reverse()) await client.query(`delete from ${quote(table)}`);
        for (const table of tables) {
          const copied = await copyTable(pglite, client, table);
          total += copied;
          progress(`${table}: ${copied} rows`);
        }
        for (const table of appendOnlyTables)
          await client.query(`alter table ${quote(table)} enable trigger user`);
        await copySequences(pglite, client);
        await client.query("commit");
      } catch (error) {
        await client.query("rollback");
        throw error;
      }
      return { tables: tables.length, rows: total };
    } finally {
      await source.close();
    }
  } finally {
    await client.end();
  }
}

async function copyTable(source: PGlite, target: pg.Client, table: string): Promise<number> {
  const columns = (
    await sourceRows<{ name: string }>(
      source,
      `select attname as name from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`,
      [quote(table)],
    )
  ).map((row) => quote(row.name));
  const list = columns.join(", ");
  let after = "(0,0)";
  let copied = 0;
  for (;;) {
    // By physical position: each batch starts past the last row of the one before (a TID range scan).
    const [batch] = await sourceRows<{ rows: string | null; last: string | null; count: number }>(
      source,
      `select json_agg(t)::text as rows, max(t.ctid)::text as last, count(*)::int as count
         from (select ctid, ${list} from ${quote(table)} where ctid > $1::tid order by ctid limit ${batchSize}) t`,
      [after],
    );
    if (!batch?.rows || !batch.last || batch.count === 0) return copied;
    await target.query(
      `insert into ${quote(table)} (${list}) overriding system value
       select ${list} from json_populate_recordset(null::${quote(table)}, $1::json)`,
      [batch.rows],
    );
    copied += batch.count;
    after = batch.last;
  }
}

/** Each sequence continues where it was, and past the largest value copied into its column. */
async function copySequences(source: PGlite, target: pg.Client) {
  const sequences = await sourceRows<{ name: string; last: string | null }>(
    source,
    "select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'",
  );
  for (const sequence of sequences) {
    if (sequence.last !== null)
      await target.query("select setval($1, $2, true)", [quote(sequence.name), sequence.last]);
  }
  const owned = await target.query<{ tbl: string; col: string; seq: string }>(
    `select c.relname as tbl, a.attname as col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
  );
  for (const row of owned.rows) {
    await target.query(
      `select setval($1, greatest(max(${quote(row.col)}), (select last_value from ${row.seq}))) from ${quote(row.tbl)}
        having max(${quote(row.col)}) is not null`,
      [row.seq],
    );
  }
}
