import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "e2e",
    root: "./e2e",
    include: ["**/*.e2e.ts"],
    // Journeys share one server and one data directory; one at a time keeps them independent.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A page fetches and renders after hydration; on a busy machine that takes more than a second.
    expect: { poll: { timeout: 10_000 } },
  },
});
