import v8 from "node:v8";
import { buildApp } from "./app.js";
import { adjustableClock, systemClock } from "./clock.js";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { seedDemoContent } from "./db/seed.js";
import { createJobRuntime } from "./job-runtime.js";
import { trackRequestsInFlight } from "./plugins/requests-in-flight.js";

/** How far the JavaScript heap grows past what is live before V8 collects it, on the embedded database. */
const heapGrowingPercent = 20;

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    // The embedded database is a 9 MB WebAssembly module; V8's optimizing tier would compile its
    // hot functions a second time and keep both (about 60 MB). Its baseline code is kept alone:
    // measured no slower for the shop's queries (docs/decisions/007-pglite-memory.md).
    if (process.env.PGLITE_OPTIMIZE !== "true") v8.setFlagsFromString("--liftoff-only");
    // V8 lets the JavaScript heap grow to up to four times what is live before collecting it
    // again; under load that is garbage, kept resident. With the database in the same process the
    // heap is collected once it has grown a fifth instead: the process held 403-468 MB after a
    // day's load, and 311-312 MB this way, at the same rate of calls (decision 007).
    v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  }
  const database = await openDatabase(config);
  await database.migrate();
  const seeded = config.seedDemo ? await seedDemoContent(database.db) : false;

  // Outside production, an admin may move billing's clock forward to try renewals out.
  const clock = config.env === "production" ? systemClock : adjustableClock();
  const app = await buildApp({ config, db: database.db, clock });
  app.log.info(
    { database: database.kind, dataDir: database.kind === "pglite" ? config.dataDir : undefined },
    seeded ? "database ready, demo content seeded" : "database ready",
  );

  if (config.publicUrlAdvice) app.log.warn(config.publicUrlAdvice);
  if (config.payments.provider === "test") {
    app.log.warn(
      "Payments use the built-in test provider: test cards mark orders paid and nobody is charged. Set the STRIPE_* variables to take real payments.",
    );
  }

  // Mail and other background work; larger installs run it apart with `npm run worker`. In the
  // web process it waits while requests are being answered (see WorkerOptions.yieldTo): on the
  // embedded database they share one connection, and on any database they share the cores.
  const yieldTo = trackRequestsInFlight(app);
  const jobs = config.worker.inApp
    ? createJobRuntime({ db: database.db, config, log: app.log, clock, yieldTo })
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long, exiting");
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await jobs?.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  await jobs?.start();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
