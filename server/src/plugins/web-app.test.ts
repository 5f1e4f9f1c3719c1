import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeMatcher } from "./web-app.js";

describe("which paths are screens of the app", () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "routes-")), "route-patterns.json");
  writeFileSync(
    file,
    JSON.stringify(["/", "/home", "/checkout/:_id", "/dashboard/payment/:_id", "/privacy__policy"]),
  );
  const isAppRoute = routeMatcher(file);

  it.each(["/", "/home", "/home/", "/checkout/123", "/dashboard/payment/abc", "/Privacy__Policy"])(
    "%s is",
    (p) => {
      expect(isAppRoute(p)).toBe(true);
    },
  );

  it.each(["/nope", "/checkout", "/checkout/1/2", "/dashboard/payment", "/home/extra"])("%s is not", (p) => {
    expect(isAppRoute(p)).toBe(false);
  });

  it("treats every path as a screen when the build wrote no patterns", () => {
    expect(routeMatcher(undefined)("/anything")).toBe(true);
  });
});
