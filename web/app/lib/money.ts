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
