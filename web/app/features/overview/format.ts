// Months and weeks of the Overview are UTC ones, so they are named in UTC whatever the browser's zone.

const shortMonth = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });
const longMonth = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "2026-03" as "Mar" (under a bar) and "March 2026" (in a table or sentence). */
export function monthNames(month: string): { short: string; long: string } {
  const date = new Date(`${month}-01T00:00:00Z`);
  return { short: shortMonth.format(date), long: longMonth.format(date) };
}

/** "2026-03-02" (a Monday) as "Mar 2" and "Mar 2, 2026". */
export function weekNames(week: string): { short: string; long: string } {
  const date = new Date(`${week}T00:00:00Z`);
  return { short: shortDay.format(date), long: longDay.format(date) };
}

const count = new Intl.NumberFormat("en-US");
export function formatCount(value: number): string {
  return count.format(value);
}
