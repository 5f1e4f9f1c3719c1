import { z } from "zod";
import { canonicalMoneyLocale, currencyDigits, currencyLabel, isKnownCurrency } from "./money.js";

export const currencyMessages = {
  unknownCurrency: "must be an ISO 4217 currency code such as USD, EUR or JPY",
  unknownLocale: "must be a locale such as en-US, de-DE or en-GB",
  /** An amount with more decimals than the shop's currency has (yen have none). */
  decimals: (currency: string) => {
    const digits = currencyDigits(currency);
    return digits === 0
      ? `must be a whole amount of ${currencyLabel(currency)}`
      : `must be an amount in ${currencyLabel(currency)} with at most ${digits} decimals`;
  },
  /** A price below the smallest card charge of the currency, written as the shop writes it. */
  belowMinimumCharge: (minimum: string) => `must be at least ${minimum}, the smallest card charge`,
} as const;

/** An ISO 4217 code in any case ("EUR", "eur"), kept lower case as the payment provider writes it. */
export const CurrencyCode = z
  .string()
  .trim()
  .refine(isKnownCurrency, { error: currencyMessages.unknownCurrency })
  .transform((code) => code.toLowerCase());

/** A locale amounts are written in (BCP 47: "en-US", "de-DE"), kept in its canonical spelling. */
export const MoneyLocale = z
  .string()
  .trim()
  .max(35)
  .refine((tag) => canonicalMoneyLocale(tag) !== null, { error: currencyMessages.unknownLocale })
  .transform((tag) => canonicalMoneyLocale(tag) ?? tag);

/**
 * The shop's currency and the locale its amounts are written in, as the owner sets them (USD and
 * en-US until then). New orders are priced in it; orders, payments and receipts keep the currency they
 * were made in, and nothing is converted when it changes.
 */
export const ShopMoneyBody = z
  .object({ currency: CurrencyCode, locale: MoneyLocale })
  .strict()
  .meta({ id: "ShopMoneyBody" });
export type ShopMoneyBody = z.infer<typeof ShopMoneyBody>;

/** The shop's currency as the pages receive it (see `ShopMoney` in money.ts). */
export const ShopMoneyShown = z
  .object({ currency: z.string(), locale: z.string() })
  .meta({ id: "ShopMoney" });

/** The setting as the owner's editor reads it: whether a sale was made decides what it warns of. */
export const ShopMoneySetting = z
  .object({
    currency: z.string(),
    locale: z.string(),
    /** A payment was taken already: a new currency applies to new prices only. */
    sold: z.boolean(),
  })
  .meta({ id: "ShopMoneySetting" });
export type ShopMoneySetting = z.infer<typeof ShopMoneySetting>;
