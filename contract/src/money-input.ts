/**
 * Amounts as people type them, in the shop's money locale: "1.200,50" in de-DE, "1 200,50" in
 * fr-FR, "1,200.50" in en-US, "1’200.50" in de-CH all read as 1200.5. The separators come from
 * Intl (`formatToParts`), never from a pattern per locale. An entry that could mean two amounts is
 * asked back, not guessed. The rules are those of docs/decisions/030-money-input.md.
 */
import { currencyDigits, currencyLabel, currencySymbol, type ShopMoney } from "./money.js";

/** What the parser says, for the field's feedback (and for tests, so the wording cannot drift). */
export const moneyInputMessages = {
  required: "Enter an amount.",
  invalid: (example: string) => `Enter an amount such as ${example}.`,
  negative: "Enter an amount of zero or more.",
  ambiguous: (text: string, example: string, decimal: string) =>
    `"${text}" could be read two ways: write amounts such as ${example}, with "${decimal}" before the cents.`,
  ambiguousWhole: (text: string, example: string) =>
    `"${text}" could be read two ways: write whole amounts such as ${example}.`,
  decimals: (code: string, digits: number) =>
    digits === 0
      ? `Amounts in ${code} have no decimals.`
      : `Amounts in ${code} have at most ${digits} decimals.`,
} as const;

export type MoneyInputProblem = "invalid" | "ambiguous" | "too many decimals";

export type MoneyInputResult =
  | { ok: true; major: number }
  | { ok: false; reason: MoneyInputProblem; message: string };

export type MoneyInputOptions = ShopMoney & {
  /** Whether "-12" may be typed; amounts are zero or more unless the field says otherwise. */
  allowNegative?: boolean;
};

type Separators = {
  decimal: string;
  group: string;
  /** Group sizes from the right: the last group's, then each group's before it (3, 3; en-IN 3, 2). */
  primary: number;
  secondary: number;
  /** The locale's own digits ("٠"…"٩" in ar-EG) mapped to 0-9; ASCII digits are always read. */
  digits: Map<string, string>;
};

const separatorsOf = new Map<string, Separators>();

/** Marks that group thousands in some locale and mark decimals in none. */
const spaces = new Set([" ", "\u00a0", "\u202f", "\u2009"]);
const apostrophes = new Set(["'", "\u2019"]);
const minusSigns = new Set(["-", "\u2212"]);

function separators(locale: string): Separators {
  let found = separatorsOf.get(locale);
  if (found) return found;
  const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1234567890.5);
  const integers = parts.filter((part) => part.type === "integer").map((part) => part.value.length);
  const digits = new Map<string, string>();
  new Intl.NumberFormat(locale, { useGrouping: false })
    .format(9876543210)
    .split("")
    .forEach((digit, index) => {
      digits.set(digit, String(9 - index));
    });
  found = {
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    group: parts.find((part) => part.type === "group")?.value ?? ",",
    primary: integers.at(-1) ?? 3,
    secondary: integers.at(-2) ?? 3,
    digits,
  };
  separatorsOf.set(locale, found);
  return found;
}

/** What a separator mark is in this locale. */
type Mark = "decimal" | "group" | "space" | "other";

function kindOf(mark: string, locale: Separators): Mark {
  if (mark === locale.decimal) return "decimal";
  if (mark === locale.group) return "group";
  if (spaces.has(mark) || apostrophes.has(mark)) {
    // Typed with a keyboard's plain space or apostrophe where the locale writes a narrow one.
    return spaces.has(locale.group) || apostrophes.has(locale.group) ? "group" : "space";
  }
  return "other";
}

/**
 * A number as the user would type it back in the shop's locale, for editing a stored amount: no
 * symbol, the locale's separators and the currency's digits ("1.200,50" in de-DE, "99.00" in
 * en-US, "5,000" yen in ja-JP).
 */
export function formatMoneyInput(major: number, { locale, currency }: ShopMoney): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(major);
}

/** Reads an amount typed in the shop's locale into major units, or says what is wrong with it. */
export function parseMoneyInput(text: string, options: MoneyInputOptions): MoneyInputResult {
  const { locale, currency, allowNegative = false } = options;
  const marks = separators(locale);
  const example = formatMoneyInput(currencyDigits(currency) > 0 ? 1234.5 : 1234, { locale, currency });
  const invalid = (message: string = moneyInputMessages.invalid(example)): MoneyInputResult => ({
    ok: false,
    reason: "invalid",
    message,
  });
  const ambiguous: MoneyInputResult = {
    ok: false,
    reason: "ambiguous",
    message:
      currencyDigits(currency) > 0
        ? moneyInputMessages.ambiguous(text.trim(), example, marks.decimal)
        : moneyInputMessages.ambiguousWhole(text.trim(), example),
  };

  let rest = text.trim();
  if (rest === "") return invalid(moneyInputMessages.required);
  // A pasted "€ 1.200,50" or "1200 EUR": the shop's own symbol or code is allowed and left out.
  for (const name of [currencySymbol(currency, locale), currencyLabel(currency)]) {
    if (rest.toUpperCase().startsWith(name.toUpperCase())) rest = rest.slice(name.length).trim();
    else if (rest.toUpperCase().endsWith(name.toUpperCase())) rest = rest.slice(0, -name.length).trim();
  }
  let negative = false;
  if (minusSigns.has(rest.charAt(0))) {
    negative = true;
    rest = rest.slice(1).trim();
  }
  if (negative && !allowNegative) return invalid(moneyInputMessages.negative);

  // Split into runs of digits and the single marks between them.
  const groups: string[] = [""];
  const between: Mark[] = [];
  for (const char of rest) {
    const digit = /[0-9]/.test(char) ? char : marks.digits.get(char);
    if (digit !== undefined) {
      groups[groups.length - 1] += digit;
      continue;
    }
    if (kindOf(char, marks) === "other" && char !== "." && char !== ",") return invalid();
    between.push(kindOf(char, marks));
    groups.push("");
  }
  const last = groups.length - 1;
  // Two marks in a row, or a mark at the end ("1..2", "12,"), or no digits at all.
  if (groups.some((group, index) => group === "" && index > 0) || groups.every((group) => group === "")) {
    return invalid();
  }

  const decimals = between.filter((mark) => mark === "decimal").length;
  const others = between.filter((mark) => mark === "other").length;
  const plainGrouping = marks.group === "." || marks.group === ",";

  /** Whether the integer groups are grouped as the locale groups: 1-3 digits, then threes (en-IN: twos, then a three). */
  const grouped = (integer: string[]) =>
    integer.length === 1 ||
    (integer[0] !== undefined &&
      /^[1-9]/.test(integer[0]) &&
      integer[0].length <= marks.secondary &&
      integer.slice(1, -1).every((group) => group.length === marks.secondary) &&
      integer.at(-1)?.length === marks.primary);

  let integer: string[];
  let fraction = "";
  if (decimals > 1) return invalid();
  if (decimals === 1) {
    const at = between.indexOf("decimal");
    if (at !== between.length - 1) {
      // "1,200.50" in de-DE: written the other way round (the decimal mark of another locale last).
      return between.slice(at + 1).includes("space") ? invalid() : ambiguous;
    }
    integer = groups.slice(0, last);
    fraction = groups[last] ?? "";
    if (integer.length === 1 && integer[0] === "") integer = ["0"];
  } else if (others > 0) {
    // The "other" one of "." and "," where the locale groups with a space or an apostrophe (fr-FR
    // "12.50", de-CH "12,50"): a decimal mark once with other than three digits after it,
    // grouping when it comes more than once, and either when once with three digits after it.
    const at = between.lastIndexOf("other");
    const after = groups[at + 1] ?? "";
    if (others === 1 && at === between.length - 1 && after.length !== marks.primary) {
      integer = groups.slice(0, last);
      fraction = after;
      if (integer.length === 1 && integer[0] === "") integer = ["0"];
    } else if (others === 1 && at === between.length - 1) {
      return ambiguous;
    } else {
      integer = groups;
    }
  } else {
    integer = groups;
    if (!grouped(integer)) {
      // Only the locale's group mark, but not followed by a group of three ("1.20" in de-DE, "1,5"
      // in en-US): the decimal mark of another locale, or a slip.
      return plainGrouping && between.length === 1 && between[0] === "group" ? ambiguous : invalid();
    }
  }
  if (!grouped(integer)) return invalid();
  const digits = currencyDigits(currency);
  // Zeros after the currency's digits change nothing ("1,200" in de-DE is 1,20 €).
  if (fraction.replace(/0+$/, "").length > digits) {
    return {
      ok: false,
      reason: "too many decimals",
      message: moneyInputMessages.decimals(currencyLabel(currency), digits),
    };
  }
  const major = Number(`${integer.join("")}.${fraction || "0"}`);
  if (!Number.isFinite(major)) return invalid();
  return { ok: true, major: negative && major !== 0 ? -major : major };
}
