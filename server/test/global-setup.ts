import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { wrapPglite } from "../src/db/client.js";
import { startS3Server } from "./s3.js";

declare module "vitest" {
  export interface ProvidedContext {
    migratedPgliteDump: string;
    /** The local S3-compatible server the PostgreSQL run keeps files in ("" on PGlite: disk). */
    s3Endpoint: string;
  }
}

/**
 * Creating a PGlite database runs initdb (seconds); migrate one once and let every test file
 * start from a copy of its data directory.
 */
export default async function setup(project: TestProject) {
  const directory = await mkdtemp(path.join(os.tmpdir(), "agency-test-"));
  const client = await PGlite.create();
  await wrapPglite(client).migrate();
  const dump = await client.dumpDataDir("none");
  const file = path.join(directory, "migrated.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide("migratedPgliteDump", file);
  // The PostgreSQL run is the scaled-out set-up: files go to S3-compatible storage there.
  const s3 = project.config.env?.TEST_DB === "postgres" ? await startS3Server() : undefined;
  project.provide("s3Endpoint", s3?.endpoint ?? "");
  return async () => {
    await s3?.close();
    await rm(directory, { recursive: true, force: true });
  };
}
