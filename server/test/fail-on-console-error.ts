import { afterEach, vi } from "vitest";

// An error printed during a test is a bug the assertions did not catch.
const spy = vi.spyOn(console, "error");
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockClear();
  if (calls.length > 0)
    throw new Error(`console.error was called: ${calls.map((c) => c.join(" ")).join("\n")}`);
});
