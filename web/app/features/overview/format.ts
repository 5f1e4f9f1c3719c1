const count = new Intl.NumberFormat("en-US");
export function formatCount(value: number): string {
  return count.format(value);
}
