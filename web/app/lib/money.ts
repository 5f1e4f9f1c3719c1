const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/**
 * SPEC §9: prices are in dollars. The one format the site shows an amount in, everywhere:
 * "$99.00" (the server keeps exact cents).
 */
export function money(amount: number): string {
  return dollars.format(amount);
}

/** The bare amount ("99.00"), for the spec's sentences that write the " $" after it themselves. */
export function plainAmount(amount: number): string {
  return amount.toFixed(2);
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
export function formatDateTime(value: string): string {
  return dateTime.format(new Date(value));
}

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
export function formatDate(value: string): string {
  return dateOnly.format(new Date(value));
}

// Billing dates are calendar days in UTC (a period ends on the same UTC day of the month), so
// they are written in UTC: the day told is the day charged wherever the customer is.
const billingDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
export function formatBillingDate(value: string): string {
  return billingDay.format(new Date(value));
}
