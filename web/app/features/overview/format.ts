const count = new Intl.NumberFormat("en-US");
export function formatCount(value: number): string {
  return count.format(value);
}

const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
/** A rate (0.052) as the Overview writes it: "5.2%". */
export function formatPercent(rate: number): string {
  return percent.format(rate);
}
