import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    environment: "node",
    // A worker runs its test files one after another in one module graph: the server's modules
    // are loaded once per worker rather than once per file (that loading cost more than the
    // tests). Each file still builds its own app on its own database; state a test adds beyond
    // that (a listener, a mock) is removed when it ends.
    isolate: false,
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/fail-on-console-error.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
