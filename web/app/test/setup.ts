import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// A React warning or an unexpected error logged during a test is a failure, not noise.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
