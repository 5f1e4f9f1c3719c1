import {
  currencyMessages,
  defaultShopMoney,
  fitsCurrency,
  formatMoney,
  minimumChargeMinor,
  type ShopMoney,
  toMinor,
} from "@agency/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { siteContent } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { cachedReadIn } from "./cache.js";
import { siteContentValue } from "./queries/lists.js";

/**
 * The shop's currency: the unit the catalog's prices are written in, so the catalog reads it. It
 * is stored beside the site identity (`site_content`, key "currency"), which the content module
 * writes when the owner sets it; until then the shop sells in USD, written for en-US.
 */
export const currencyKey = "currency";

/** The stored document as the currency and locale (the default where it has none). */
export function shopMoneyOf(value: unknown): ShopMoney {
  const stored = (value ?? {}) as Partial<ShopMoney>;
  return {
    currency: typeof stored.currency === "string" ? stored.currency : defaultShopMoney.currency,
    locale: typeof stored.locale === "string" ? stored.locale : defaultShopMoney.locale,
  };
}

/**
 * The shop's currency and locale now, from the catalog cache (no query while nothing changed).
 * Inside a transaction, pass it as `reader`.
 */
export function shopMoney(db: Database, reader: Database = db): Promise<ShopMoney> {
  return cachedReadIn(db, reader, "plans", "money", async (from) =>
    shopMoneyOf(await siteContentValue(from, currencyKey)),
  );
}

/**
 * SQL for the shop's currency at the moment a statement runs: an order takes it in the statement
 * that reads its plan's price, so price and currency always belong together.
 */
export const shopCurrencySql = sql`coalesce((select ${siteContent.value} ->> 'currency' from ${siteContent}
  where ${siteContent.key} = ${currencyKey}), ${defaultShopMoney.currency})`;

function refuse(field: string, problem: string): AppError {
  return new AppError("bad_request", `Invalid ${field}: ${problem}`, { [field]: problem });
}

/**
 * An amount the owner typed (major units) in minor units of `currency`, for storing; a 400 naming
 * `field` when it has more decimals than the currency (99.5 yen).
 */
export function minorUnitsOf(major: number, currency: string, field: string): number {
  if (!fitsCurrency(major, currency)) throw refuse(field, currencyMessages.decimals(currency));
  return toMinor(major, currency);
}

/** A selling price in minor units: as `minorUnitsOf`, and at least the currency's smallest card charge. */
export function sellingPriceOf(major: number, money: ShopMoney, field: string): number {
  const minor = minorUnitsOf(major, money.currency, field);
  const minimum = minimumChargeMinor(money.currency);
  if (minor < minimum) {
    throw refuse(
      field,
      currencyMessages.belowMinimumCharge(formatMoney(minimum, money.currency, money.locale)),
    );
  }
  return minor;
}
