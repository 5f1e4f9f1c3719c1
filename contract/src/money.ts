/**
 * Money, the one way server and web write it. Amounts are stored as integer minor units of their
 * currency (cents, pence; yen have none, so a yen amount is stored as it is) and travel in the API
 * as major units (dollars, euros, yen). Currencies are ISO 4217 codes, kept lower case as the
 * payment provider writes them ("usd"); any case is understood.
 *
 * No schemas here (see currency.ts): the public pages load this module, and it needs only Intl.
 */

/** What a shop starts with until the owner sets its own (see `ShopMoney` in currency.ts). */
export const defaultCurrency = "usd";
export const defaultMoneyLocale = "en-US";

/** The shop's currency and the locale its amounts are written in. */
export type ShopMoney = { currency: string; locale: string };
export const defaultShopMoney: ShopMoney = { currency: defaultCurrency, locale: defaultMoneyLocale };

/** How an amount names its currency: its symbol ("€") or its code ("EUR"). */
export type MoneyDisplay = "symbol" | "code";

const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per locale, currency and display, made once: pages write many amounts. */
function formatter(currency: string, locale: string, display: MoneyDisplay = "symbol"): Intl.NumberFormat {
  const key = `${locale}|${currency}|${display}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: currency.toUpperCase(),
      currencyDisplay: display,
    });
    formats.set(key, format);
  }
  return format;
}

/** The ISO code as written for people: "EUR". */
export function currencyLabel(currency: string): string {
  return currency.toUpperCase();
}

const digitsOf = new Map<string, number>();

/** Digits after the decimal point: 2 for USD and EUR, 0 for JPY (as Intl knows the currency). */
export function currencyDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = formatter(currency, defaultMoneyLocale).resolvedOptions().maximumFractionDigits ?? 2;
    digitsOf.set(currency, digits);
  }
  return digits;
}

/** Minor units (as stored) to major units (as the API carries them): 9900 usd -> 99, 5000 jpy -> 5000. */
export function toMajor(minor: number, currency: string): number {
  const digits = currencyDigits(currency);
  return Math.round(minor) / 10 ** digits;
}

/** Major units to minor units, rounded to the nearest one: 99.5 usd -> 9950. */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyDigits(currency));
}

/** Whether a major amount has no more decimals than its currency has (99.5 yen has one too many). */
export function fitsCurrency(major: number, currency: string): boolean {
  const scaled = major * 10 ** currencyDigits(currency);
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
}

/**
 * An amount for people: `formatMoney(9900, "usd")` is "$99.00", `formatMoney(9900, "eur", "de-DE")`
 * "99,00 €", `formatMoney(5000, "jpy")` "¥5,000". `minor` is in minor units, as stored.
 */
export function formatMoney(
  minor: number,
  currency: string,
  locale: string = defaultMoneyLocale,
  options: { display?: MoneyDisplay } = {},
): string {
  return formatter(currency, locale, options.display).format(toMajor(minor, currency));
}

/** The same for an amount in major units, as the API carries it. */
export function formatMajorMoney(
  major: number,
  currency: string,
  locale: string = defaultMoneyLocale,
  options: { display?: MoneyDisplay } = {},
): string {
  return formatter(currency, locale, options.display).format(major);
}

/**
 * The bare amount with the currency's digits and no grouping ("1200.00", "5000" for yen), for
 * the spec's sentences that write the currency after it and for files a spreadsheet sums.
 */
export function formatPlainAmount(minor: number, currency: string): string {
  return toMajor(minor, currency).toFixed(currencyDigits(currency));
}

/** The currency's symbol as the locale writes it: "$", "€", "¥", "CHF". */
export function currencySymbol(currency: string, locale: string = defaultMoneyLocale): string {
  const part = formatter(currency, locale)
    .formatToParts(0)
    .find((piece) => piece.type === "currency");
  return part?.value ?? currencyLabel(currency);
}

/**
 * Stripe's smallest card charge per currency, in major units (docs.stripe.com/currencies, "Minimum
 * and maximum charge amounts"). A currency not listed gets half a major unit, its usual floor.
 */
const minimumCharges: Record<string, number> = {
  usd: 0.5,
  aed: 2,
  aud: 0.5,
  bgn: 1,
  brl: 0.5,
  cad: 0.5,
  chf: 0.5,
  czk: 15,
  dkk: 2.5,
  eur: 0.5,
  gbp: 0.3,
  hkd: 4,
  huf: 175,
  inr: 0.5,
  jpy: 50,
  mxn: 10,
  myr: 2,
  nok: 3,
  nzd: 0.5,
  pln: 2,
  ron: 2,
  sek: 3,
  sgd: 0.5,
  thb: 10,
};

/** The smallest amount a card can be charged in this currency, in minor units (50 for USD, 50 for JPY). */
export function minimumChargeMinor(currency: string): number {
  const major = minimumCharges[currency.toLowerCase()] ?? 0.5;
  return Math.max(1, toMinor(major, currency));
}

/** The ISO 4217 codes this runtime can write (upper case, as Intl lists them). */
export function knownCurrencies(): string[] {
  return Intl.supportedValuesOf("currency");
}

/** Whether a code (any case) is a currency Intl knows: "EUR" and "eur" are, "EURO" and "XYZ" not. */
export function isKnownCurrency(code: string): boolean {
  return /^[A-Za-z]{3}$/.test(code) && knownCurrencies().includes(code.toUpperCase());
}

/** A BCP 47 locale tag in its canonical spelling ("en-us" -> "en-US"), or null when it is none. */
export function canonicalMoneyLocale(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (!canonical || Intl.NumberFormat.supportedLocalesOf([canonical]).length === 0) return null;
    return canonical;
  } catch {
    return null;
  }
}
