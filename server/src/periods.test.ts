import { describe, expect, it } from "vitest";
import { addMonths, nextAttempt, periodEnd } from "./periods.js";

describe("subscription periods", () => {
  it("keeps the day of the month, or the month's last day when it is shorter", () => {
    const anchor = new Date("2026-01-31T10:00:00.000Z");
    expect(addMonths(anchor, 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(anchor, 2).toISOString()).toBe("2026-03-31T10:00:00.000Z");
    expect(periodEnd(anchor, "monthly", 12).toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(periodEnd(new Date("2028-02-29T00:00:00.000Z"), "yearly", 0).toISOString()).toBe(
      "2029-02-28T00:00:00.000Z",
    );
  });

  it("retries a failed renewal after 1, 3 and 5 days, then gives up", () => {
    const due = new Date("2026-05-01T00:00:00.000Z");
    expect(nextAttempt(due, 1)?.toISOString()).toBe("2026-05-02T00:00:00.000Z");
    expect(nextAttempt(due, 2)?.toISOString()).toBe("2026-05-04T00:00:00.000Z");
    expect(nextAttempt(due, 3)?.toISOString()).toBe("2026-05-06T00:00:00.000Z");
    expect(nextAttempt(due, 4)).toBeNull();
  });
});
