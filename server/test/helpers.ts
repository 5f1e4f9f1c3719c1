import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../src/app.js";
import { type AdjustableClock, adjustableClock } from "../src/clock.js";
import { type Config, loadConfig } from "../src/config.js";
import { connectPostgres, type Database, type DatabaseHandle, wrapPglite } from "../src/db/client.js";
import { seedDemoContent } from "../src/db/seed.js";
import { borrowPglite } from "./pglite-pool.js";
import { quickPasswordHashing } from "./quick-password-hashing.js";
import { createBucket, s3Env } from "./s3.js";

/** A copy of the run's migrated database (see pglite-pool.ts), closed or handed back at the end. */
async function freshPglite(): Promise<DatabaseHandle> {
  const { client, giveBack } = await borrowPglite();
  return { ...wrapPglite(client), close: giveBack };
}

/**
 * Clones the run's migrated template. PostgreSQL refuses a clone while anyone is connected to the
 * template, which happens only for a moment (a parallel file's clone): try again shortly.
 */
async function cloneTemplate(serverUrl: string, name: string): Promise<void> {
  const template = inject("postgresTemplate");
  if (!template) throw new Error("The PostgreSQL run's global set-up made no template database");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        return;
      } catch (error) {
        const inUse = (error as { code?: string }).code === "55006";
        if (!inUse || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
}

/** A database of its own on the PostgreSQL server, dropped when the test file ends. */
async function freshPostgres(serverUrl: string): Promise<DatabaseHandle> {
  const name = `agency_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await cloneTemplate(serverUrl, name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString());
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    return freshPostgres(url);
  }
  return freshPglite();
}

/** On the PostgreSQL run, a bucket of its own on the local S3 server; on PGlite, files on disk. */
async function fileStorageEnv(): Promise<Record<string, string>> {
  const endpoint = inject("s3Endpoint");
  if (!endpoint) return {};
  const bucket = `agency-${Date.now()}-${randomBytes(4).toString("hex")}`;
  await createBucket(endpoint, bucket);
  return s3Env(endpoint, bucket);
}

export type TestContext = {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Billing's clock, shared by the app and `runJobs`; tests move it forward. */
  clock: AdjustableClock;
  /** The PostgreSQL database's address, for a second connection to it (unset on PGlite). */
  databaseUrl?: string;
  close(): Promise<void>;
};

/** The real app (the same buildApp as production) on a fresh database of its own, or the one given. */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string | undefined>;
    database?: DatabaseHandle;
    /** Where the app's log lines go (they go nowhere at the tests' LOG_LEVEL, silent, unless set). */
    logStream?: Pick<NodeJS.WritableStream, "write">;
    /** Hash passwords as production does (scrypt at full cost) instead of the tests' cheap hash. */
    productionPasswordHashing?: boolean;
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await openTestDatabase());
  if (options.seed ?? true) await seedDemoContent(database.db);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "agency-api-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    WEB_DIR: "/nonexistent",
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_MAX: "1000",
    // The tests' webhook receivers listen on this machine; the refusal's tests set it to false.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    ...(await fileStorageEnv()),
    ...options.env,
  });
  const clock = adjustableClock();
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    logStream: options.logStream,
    passwordHashing: options.productionPasswordHashing ? undefined : quickPasswordHashing,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    clock,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await database.close();
      // A job a stopped worker left running may still be writing a mail into the outbox.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
