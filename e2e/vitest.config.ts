import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "e2e",
    root: "./e2e",
    include: ["**/*.e2e.ts"],
    // Journeys share one server and one data directory; one at a time keeps them independent.
    fileParallelism: false,
    // The files run one after another in one worker and one module graph: the shared modules (the
    // contract, the web's messages, Playwright's client) load once per shard rather than once per
    // file. Each file still joins the browser and opens its own contexts (support/browser.ts).
    isolate: false,
    // The longest journeys (three people in three browsers) take half a minute alone and twice
    // that when both shards and the servers share two cores.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // A page fetches and renders after hydration; on a busy machine that takes more than a second.
    expect: { poll: { timeout: 10_000 } },
  },
});
