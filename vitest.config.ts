import { defineConfig } from "vitest/config";

// The API suite runs on the embedded database, and once more on a PostgreSQL server when
// TEST_DATABASE_URL is set (each test file then gets a database of its own, dropped afterwards).
const onPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: "./server/vitest.config.ts",
        test: { name: "server:postgres", root: "./server", env: { TEST_DB: "postgres" } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // Vitest's default on a two-core machine is one file at a time (cores - 1). The projects share
    // one pool: the embedded database's files are CPU-bound in the worker, the PostgreSQL files
    // wait on the server half the time, and a third worker fills those waits. VITEST_MAX_WORKERS
    // or --maxWorkers overrides it.
    maxWorkers: 3,
    projects: [
      {
        extends: "./server/vitest.config.ts",
        test: { name: "server:pglite", root: "./server", env: { TEST_DB: "pglite" } },
      },
      ...onPostgres,
      "web/vitest.config.ts",
    ],
  },
});
