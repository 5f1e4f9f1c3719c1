import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each(["/dashboard/profile", "/checkout/abc?x=1", "/home#pricing"])("keeps the path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    null,
    "",
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
  ])("refuses %j", (value) => {
    expect(safeRedirect(value)).toBe("/home");
  });
});
