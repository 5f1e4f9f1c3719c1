import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { loadConfig } from "../src/config.js";
import type { Database, DatabaseHandle } from "../src/db/client.js";
import { jobs } from "../src/db/schema.js";
import type { JobPayloads } from "../src/jobs/queue.js";
import { openTestDatabase } from "./helpers.js";

export const quiet = { info() {}, warn() {}, error() {} };

export function mail(to: string, subject = "Hello"): JobPayloads["mail.send"] {
  return { to, subject, text: "Plain text", html: "<p>HTML</p>" };
}

/** A fresh database and a data directory of its own (the mail outbox), for one test. */
export async function openJobDatabase(): Promise<{
  handle: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}> {
  const handle = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "agency-jobs-"));
  return {
    handle,
    dataDir,
    async close() {
      await handle.close();
      // A job a stopped worker left running may still be writing a mail into the outbox.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/** The configuration of an instance keeping its files in `dataDir`. */
export function jobConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    DATA_DIR: dataDir,
    ...env,
  });
}

export async function findJob(db: Database, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error("no such job");
  return row;
}
