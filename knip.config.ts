import type { KnipConfig } from "knip";

/**
 * Unused files, exports and dependencies, checked by `npm run lint`. Knip's plugins (Vitest, Vite,
 * React Router, Drizzle, TypeScript, Biome, dependency-cruiser) find the entries their configs name;
 * the entries below are the ones no config names. Anything kept although knip sees no use of it is
 * listed here with the reason it stays.
 */
const config: KnipConfig = {
  workspaces: {
    ".": {
      entry: [
        // The journeys: `npm run test:e2e` runs them with this config (scripts/e2e.mjs).
        "e2e/vitest.config.ts",
        "e2e/**/*.e2e.ts",
        // Started as processes of their own by the benchmarks (bench.mjs, bench-instances.mjs,
        // bench-webhooks.mjs), imported by the name BENCH_ONLY gives (bench-day, bench-soak,
        // bench-webhooks), or run by hand (bench-vacuum.mjs, docs/benchmarks.md); the scripts of
        // package.json are found by knip itself.
        "scripts/{bench-bare,bench-board,bench-day,bench-overview,bench-proxy,bench-soak,bench-vacuum,bench-webhooks,seed-orders}.mjs",
      ],
      project: ["e2e/**/*.ts", "scripts/**/*.mjs", "*.ts"],
      ignoreDependencies: [
        // Read as a file the journeys inject into the page (require.resolve of axe.min.js in
        // e2e/support/axe.ts), never imported.
        "axe-core",
      ],
      ignoreBinaries: [
        // Linux's CPU pinning (util-linux), used by the benchmarks only when present.
        "taskset",
      ],
    },
    contract: {
      project: ["src/**/*.ts"],
    },
    server: {
      entry: [
        // `npm run worker` imports its build (scripts/worker.mjs), as `npm start` imports main.ts's.
        "src/worker.ts",
        // `npm run admin`, `backup`, `restore`, `db:move`, `audit:verify`.
        "src/cli/*.ts",
      ],
      project: ["src/**/*.ts", "test/**/*.ts", "*.ts"],
      ignoreDependencies: [
        // Named as a string, pino's transport target in development (plugins/logging.ts); loaded only
        // when installed.
        "pino-pretty",
      ],
    },
    web: {
      project: ["app/**/*.{ts,tsx}", "*.ts"],
    },
  },
};

export default config;
