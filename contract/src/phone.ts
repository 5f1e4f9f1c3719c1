import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";

/** The separators people write phone numbers with: spaces, dashes, dots and brackets. */
const SEPARATORS = /[\s().-]/g;
/** What is left once the separators are gone: an optional international prefix and digits. */
const DIGITS = /^(\+|00)?[0-9]{4,20}$/;

export const phoneMessages = {
  invalid: "must be a phone number: digits, with spaces, dashes, dots or brackets if you like",
  invalidInternational: "must have the right number of digits for its country code",
} as const;

export type PhoneCheck = { ok: true; phone: string } | { ok: false; message: string };

/**
 * SPEC §2 checkout phone number, read the way people write it. A number with its country code
 * ("+44 7700 900123", "0044 ...") must have that country's length of number and is stored in E.164
 * ("+447700900123"); one without is the spec's local number and is stored as its digits, since
 * its country cannot be known.
 */
export function checkPhone(input: string): PhoneCheck {
  const compact = input.trim().replace(SEPARATORS, "");
  if (!DIGITS.test(compact)) return { ok: false, message: phoneMessages.invalid };
  const international = compact.startsWith("+") || compact.startsWith("00");
  if (!international) return { ok: true, phone: compact };
  const parsed = parsePhoneNumberFromString(`+${compact.replace(/^(\+|00)/, "")}`);
  // Possible rather than valid: the numbers set aside for examples and fiction ("+44 7700 900123")
  // are real-looking numbers people type, and a wrong digit is the customer's to notice.
  if (!parsed?.isPossible()) return { ok: false, message: phoneMessages.invalidInternational };
  return { ok: true, phone: parsed.number };
}

/** A phone number as the checkout takes it; parsing gives the stored (normalised) form. */
export const Phone = z
  .string()
  .max(40, "must be at most 40 characters")
  .transform((input, ctx) => {
    const result = checkPhone(input);
    if (result.ok) return result.phone;
    ctx.addIssue({ code: "custom", message: result.message });
    return z.NEVER;
  });
