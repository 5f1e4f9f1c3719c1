import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { LongestFirst } from "./vitest.sequencer.ts";
import web from "./web/vitest.config.ts";

// The API suite runs on the embedded database, and once more on a PostgreSQL server when
// TEST_DATABASE_URL is set (each test file then gets a database of its own, dropped afterwards).
// The files below open no PostgreSQL database (they check the code's layout, the embedded
// database's own directory and backups, pure functions): the second run leaves them out.
const withoutPostgres = [
  "src/import-direction.test.ts",
  "src/db/data-dir-lock.test.ts",
  "src/db/group-commit.test.ts",
  "src/ops/backup.test.ts",
  "src/periods.test.ts",
  "src/payment-providers/test-cards.test.ts",
  "test/table-owners.test.ts",
];
const onPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: "./server/vitest.config.ts",
        test: {
          name: "server:postgres",
          root: "./server",
          env: { TEST_DB: "postgres" },
          exclude: [...configDefaults.exclude, ...withoutPostgres],
        },
      },
    ]
  : [];

// The web's test files share a worker's document and modules (web/vitest.config.ts), but a
// module a file replaces with vi.mock must be loaded afresh for that file: those files run
// apart, each in its own module graph ("web:mocked").
const webDir = path.join(import.meta.dirname, "web");
const mockingWebTests = readdirSync(path.join(webDir, "app"), { recursive: true, encoding: "utf8" })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.join("app", file))
  .filter((file) => readFileSync(path.join(webDir, file), "utf8").includes("vi.mock("));

export default defineConfig({
  test: {
    // Vitest's default on a two-core machine is one file at a time (cores - 1). Many API tests
    // wait (on the PostgreSQL server, a timer, a child process) rather than compute, so three
    // files at a time keep both cores busy; more load the modules once more per worker and ran
    // slower (measured: 2 workers 297 s, 3 243 s, 4 294 s, 5 291 s). VITEST_MAX_WORKERS or
    // --maxWorkers overrides it.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: "./server/vitest.config.ts",
        test: { name: "server:pglite", root: "./server", env: { TEST_DB: "pglite" } },
      },
      ...onPostgres,
      // The contract's pure functions (no database, no document).
      { test: { name: "contract", root: "./contract", environment: "node", include: ["src/**/*.test.ts"] } },
      { ...web, test: { ...web.test, exclude: [...configDefaults.exclude, ...mockingWebTests] } },
      { ...web, test: { ...web.test, name: "web:mocked", include: mockingWebTests, isolate: true } },
    ],
  },
});
