/**
 * The offline provider follows Stripe's test-card rules and messages, so a shop tried out offline
 * behaves like one in Stripe's test mode.
 */
export type CardCheck =
  | { ok: true; last4: string; declinesLaterCharges: boolean }
  | { ok: false; message: string };

export const testCards = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  /** Saved with the first payment, which it pays; every later charge to it is declined. */
  declinesLaterCharges: "4000000000000341",
} as const;

export const declinedMessage = "Your card was declined.";

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function checkTestCard(
  card: { number: string; expiry: string; cvc: string },
  now = new Date(),
): CardCheck {
  const digits = card.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    return { ok: false, message: "Your card number is incorrect." };

  // "12/30", "12 / 2030", or the digits alone ("1230", "122030").
  const expiry = card.expiry.replace(/\s/g, "").match(/^(\d{1,2})\/(\d{2}|\d{4})$|^(\d{2})(\d{2}|\d{4})$/);
  const monthText = expiry?.[1] ?? expiry?.[3];
  const yearText = expiry?.[2] ?? expiry?.[4] ?? "";
  const month = Number(monthText);
  if (!expiry || month < 1 || month > 12)
    return { ok: false, message: "Your card's expiration date is invalid." };
  const year = Number(yearText) + (yearText.length === 2 ? 2000 : 0);
  // A card is valid through the last day of its expiry month.
  if (new Date(Date.UTC(year, month, 1)) <= now) return { ok: false, message: "Your card has expired." };

  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    return { ok: false, message: "Your card's security code is invalid." };

  if (digits === testCards.declined) return { ok: false, message: declinedMessage };
  if (digits === testCards.insufficientFunds)
    return { ok: false, message: "Your card has insufficient funds." };
  return {
    ok: true,
    last4: digits.slice(-4),
    declinesLaterCharges: digits === testCards.declinesLaterCharges,
  };
}
