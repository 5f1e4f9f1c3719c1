/** SPEC §9: dollars; exact cents are kept by the server, shown here with two decimals. */
export function money(dollars: number): string {
  return dollars.toFixed(2);
}

/** The pricing cards' style: "$19", or "$19.50" when there are cents. */
export function wholeOrCents(dollars: number): string {
  return Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
export function formatDateTime(value: string): string {
  return dateTime.format(new Date(value));
}
