/**
 * The card expiry box as the customer types it: the month, " / ", the year ("12 / 30"), whether
 * they type "1230", "12/30" or "12 / 2030". The separator appears once the month is complete and
 * goes away with a backspace, so deleting never fights the customer.
 */
export function formatCardExpiry(typed: string, before = ""): string {
  let digits = typed.replace(/\D/g, "").slice(0, 6);
  // A first digit above 1 can only be a month of one digit: 4 is April.
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  const deleting = typed.length < before.length;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}
