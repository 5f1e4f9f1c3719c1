// Starts the shop: the database, the app, the in-process worker and the listening port. Started by
// main.ts once it has set the JavaScript engine's flags.
import { buildApp } from "./app.js";
import { adjustableClock, systemClock } from "./clock.js";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { seedDemoContent } from "./db/seed.js";
import { createJobRuntime } from "./job-runtime.js";
import { trackRequestsInFlight } from "./plugins/requests-in-flight.js";

async function main() {
  const config = loadConfig();
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
