/**
 * How mails, receipts and their PDFs write dates and cards. Amounts are written by the contract's
 * `formatMoney` (money.ts), the one formatter the pages use too.
 */

export function formatDate(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
}

export function formatCard(brand: string | null, last4: string | null): string {
  if (!last4) return "Card";
  const name = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : "Card";
  return `${name} ending in ${last4}`;
}

/** A period paid for, from its first day to the day it renews. */
export function formatPeriod(period: { start: Date | string; end: Date | string }): string {
  return `${formatDate(new Date(period.start))} to ${formatDate(new Date(period.end))}`;
}
