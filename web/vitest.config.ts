import { defaultClientConditions } from "vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: import.meta.dirname,
  resolve: { conditions: ["source", ...defaultClientConditions] },
  test: {
    name: "web",
    environment: "jsdom",
    // A worker runs its test files one after another in one document and one module graph, set
    // up once rather than once per file (that cost more than the tests); app/test/setup.ts clears
    // what a test leaves behind.
    isolate: false,
    include: ["app/**/*.test.{ts,tsx}", "*.test.ts"],
    setupFiles: [`${import.meta.dirname}/app/test/setup.ts`],
  },
});
