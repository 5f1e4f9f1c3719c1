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
