import { defaultClientConditions } from "vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: import.meta.dirname,
  resolve: { conditions: ["source", ...defaultClientConditions] },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["app/**/*.test.{ts,tsx}", "*.test.ts"],
    setupFiles: ["app/test/setup.ts"],
  },
});
