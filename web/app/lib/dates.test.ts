import { describe, expect, it } from "vitest";
import {
  formatBillingDate,
  formatNumericDateTime,
  formatPublishedDate,
  fromDateTimeLocalInput,
  monthNames,
  toDateTimeLocalInput,
  weekNames,
} from "./dates";

describe("the named date formats", () => {
  it("writes UTC days the same wherever the reader is", () => {
    expect(formatBillingDate("2026-03-02T23:30:00Z")).toBe("Mar 2, 2026");
    expect(formatPublishedDate("2026-03-02T23:30:00Z")).toBe("2 March 2026");
    expect(monthNames("2026-03")).toEqual({ short: "Mar", long: "March 2026" });
    expect(weekNames("2026-03-02")).toEqual({ short: "Mar 2", long: "Mar 2, 2026" });
  });

  it("writes a promo code's window as the browser's en-US date and time, to the second", () => {
    const iso = "2026-03-02T10:05:07Z";
    expect(formatNumericDateTime(iso)).toBe(new Date(iso).toLocaleString("en-US"));
  });

  it("turns an instant into a datetime-local value and back", () => {
    const iso = "2026-03-02T10:05:00.000Z";
    expect(fromDateTimeLocalInput(toDateTimeLocalInput(iso))).toBe(iso);
    expect(toDateTimeLocalInput(null)).toBe("");
    expect(fromDateTimeLocalInput("")).toBeNull();
  });
});
