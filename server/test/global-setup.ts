import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectPostgres, pgliteStartParams, wrapPglite } from "../src/db/client.js";
import { startS3Server } from "./s3.js";

declare module "vitest" {
  export interface ProvidedContext {
    migratedPgliteDump: string;
    /** The migrated PostgreSQL database each test file's database is cloned from ("" on PGlite). */
    postgresTemplate: string;
    /** The local S3-compatible server the PostgreSQL run keeps files in ("" on PGlite: disk). */
    s3Endpoint: string;
  }
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Migrating a PostgreSQL database takes a third of a second, cloning a migrated one a twentieth:
 * migrate one template per run; its connections are closed before any test file clones it.
 */
async function migratedPostgresTemplate(serverUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `agency_template_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString());
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return { name, drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`) };
}

const migrationsDir = path.resolve(import.meta.dirname, "../migrations");

/** What the migrated database is made of: PGlite's version and every migration file. */
async function migrationsKey(): Promise<string> {
  const hash = createHash("sha256");
  const pglite = path.join(
    path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")),
    "..",
  );
  hash.update(await readFile(path.join(pglite, "package.json")));
  const entries = await readdir(migrationsDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  for (const file of files.sort()) hash.update(file).update(await readFile(file));
  return hash.digest("hex").slice(0, 16);
}

/**
 * Creating a PGlite database runs initdb (seconds); migrate one once and let every test file
 * start from a copy of its data directory. The copy is kept in the system's temporary folder for
 * the next project and the next run, as long as the migrations and PGlite stay the same.
 */
async function migratedPgliteDump(): Promise<string> {
  const file = path.join(os.tmpdir(), `agency-migrated-${await migrationsKey()}.tar`);
  if (existsSync(file)) return file;
  const client = await PGlite.create({ startParams: pgliteStartParams });
  await wrapPglite(client).migrate();
  const dump = await client.dumpDataDir("none");
  await client.close();
  const partial = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return file;
}

export default async function setup(project: TestProject) {
  project.provide("migratedPgliteDump", await migratedPgliteDump());
  const onPostgres = project.config.env?.TEST_DB === "postgres";
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (onPostgres && !serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const template = onPostgres && serverUrl ? await migratedPostgresTemplate(serverUrl) : undefined;
  project.provide("postgresTemplate", template?.name ?? "");
  // The PostgreSQL run is the scaled-out set-up: files go to S3-compatible storage there.
  const s3 = onPostgres ? await startS3Server() : undefined;
  project.provide("s3Endpoint", s3?.endpoint ?? "");
  return async () => {
    await s3?.close();
    await template?.drop();
  };
}
