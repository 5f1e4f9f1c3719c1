/**
 * The one place dates and times are written for people. Each named format is what its screens
 * show; a screen picks a format by what it tells, not by building its own formatter.
 */

type When = string | Date;
const asDate = (value: When) => (value instanceof Date ? value : new Date(value));

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
/** A moment in the reader's locale and time zone: "Mar 2, 2026, 10:05 AM". */
export function formatDateTime(value: When): string {
  return dateTime.format(asDate(value));
}

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
/** A day in the reader's locale and time zone: "Mar 2, 2026". */
export function formatDate(value: When): string {
  return dateOnly.format(asDate(value));
}

const longDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeStyle: "short" });
/** A moment written out, for the profile: "March 2, 2026 at 10:05 AM". */
export function formatLongDateTime(value: When): string {
  return longDateTime.format(asDate(value));
}

// Billing dates are calendar days in UTC (a period ends on the same UTC day of the month), so
// they are written in UTC: the day told is the day charged wherever the customer is.
const utcDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
export function formatBillingDate(value: When): string {
  return utcDay.format(asDate(value));
}

// A post's publication day, in UTC so the server-rendered page and the browser agree: "2 March 2026".
const publishedDay = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
export function formatPublishedDate(value: When): string {
  return publishedDay.format(asDate(value));
}

// A promo code's validity window, to the second: "3/2/2026, 10:05:07 AM".
const numericDateTime = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});
export function formatNumericDateTime(value: When): string {
  return numericDateTime.format(asDate(value));
}

// Months and weeks of the Overview are UTC ones, so they are named in UTC whatever the browser's zone.
const shortMonth = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });
const longMonth = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "2026-03" as "Mar" (under a bar) and "March 2026" (in a table or sentence). */
export function monthNames(month: string): { short: string; long: string } {
  const date = new Date(`${month}-01T00:00:00Z`);
  return { short: shortMonth.format(date), long: longMonth.format(date) };
}

/** "2026-03-02" (a Monday) as "Mar 2" and "Mar 2, 2026". */
export function weekNames(week: string): { short: string; long: string } {
  const date = new Date(`${week}T00:00:00Z`);
  return { short: shortDay.format(date), long: utcDay.format(date) };
}

/** A datetime-local input's value (the browser's time zone) for an ISO instant; "" for none. */
export function toDateTimeLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The ISO instant a datetime-local input's value means; null for an empty input. */
export function fromDateTimeLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}
