import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { seedDemoContent } from "./db/seed.js";

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const seeded = config.seedDemo ? await seedDemoContent(database.db) : false;

  const app = await buildApp({ config, db: database.db });
  app.log.info(
    { database: database.kind, dataDir: database.kind === "pglite" ? config.dataDir : undefined },
    seeded ? "database ready, demo content seeded" : "database ready",
  );

  if (config.payments.provider === "test") {
    app.log.warn(
      "Payments use the built-in test provider: test cards mark orders paid and nobody is charged. Set the STRIPE_* variables to take real payments.",
    );
  }

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
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
