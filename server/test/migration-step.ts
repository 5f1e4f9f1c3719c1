import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { pgliteStartParams } from "../src/db/client.js";

const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

type Journal = { entries: { tag: string }[] };

/** Runs SQL on the step's database and answers its rows. */
export type Query = <Row = Record<string, unknown>>(text: string) => Promise<Row[]>;

/**
 * An empty database (embedded, or one of its own on the PostgreSQL run) migrated up to just before
 * the migration `tag`; `next()` then runs that migration and those after it. For tests that write
 * rows the way an older version did and check what a migration makes of them.
 */
export async function databaseBefore(tag: string): Promise<{
  query: Query;
  next: () => Promise<void>;
  close: () => Promise<void>;
}> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "agency-migrations-"));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`No migration ${tag}`);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  const restore = () => writeFile(journalPath, JSON.stringify(journal));

  const serverUrl = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (serverUrl) {
    const name = `agency_migration_${Date.now()}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder: folder });
    return {
      query: async <Row>(text: string) => (await pool.query(text)).rows as Row[],
      next: async () => {
        await restore();
        await migratePg(db, { migrationsFolder: folder });
      },
      close: async () => {
        await pool.end();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists "${name}" with (force)`);
        await cleanup.end();
        await rm(folder, { recursive: true, force: true });
      },
    };
  }
  const client = await PGlite.create({ startParams: pgliteStartParams });
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder: folder });
  return {
    // exec: several statements in one text, as node-postgres sends a text without parameters.
    query: async <Row>(text: string) => ((await client.exec(text)).at(-1)?.rows ?? []) as Row[],
    next: async () => {
      await restore();
      await migratePglite(db, { migrationsFolder: folder });
    },
    close: async () => {
      await client.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
