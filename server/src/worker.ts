import { sql } from "drizzle-orm";
import { pino } from "pino";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { createJobRuntime } from "./job-runtime.js";

/**
 * `npm run worker`: runs the background jobs in a process of its own, next to one or more
 * `npm start` instances (set RUN_WORKER=false on those to keep jobs out of them).
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      "npm run worker needs DATABASE_URL: the embedded database belongs to the one process that opens it, so with it the jobs run inside npm start.",
    );
  }
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(config);
  try {
    await database.db.execute(sql`select 1 from jobs limit 1`);
  } catch {
    throw new ConfigError(
      "The database has no jobs table yet: start the shop once (npm start) to set it up.",
    );
  }
  const jobs = createJobRuntime({ db: database.db, config, log });
  await jobs.start();
  log.info({ worker: jobs.worker.id, concurrency: config.worker.concurrency }, "worker running");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "worker shutting down");
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
