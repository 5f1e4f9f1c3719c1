import {
  currencyMessages,
  defaultShopMoney,
  fitsCurrency,
  formatMoney,
  minimumChargeMinor,
  type ShopMoney,
  type ShopMoneyBody,
  type ShopMoneySetting,
  toMinor,
} from "@agency/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { payments, siteContent } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { type AuditActor, recordAudit } from "../audit/index.js";
import { cachedReadIn, catalogChanged } from "./cache.js";

/**
 * The shop's currency: the unit the catalog's prices are written in, so the catalog keeps it. It
 * is stored beside the site identity (`site_content`, key "currency"); until the owner sets it the
 * shop sells in USD, written for en-US.
 */
const currencyKey = "currency";

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
  return cachedReadIn(db, reader, "plans", "money", async (from) => {
    const [row] = await from.select().from(siteContent).where(eq(siteContent.key, currencyKey));
    return shopMoneyOf(row?.value);
  });
}

/**
 * SQL for the shop's currency at the moment a statement runs: an order takes it in the statement
 * that reads its plan's price, so price and currency always belong together.
 */
export const shopCurrencySql = sql`coalesce((select ${siteContent.value} ->> 'currency' from ${siteContent}
  where ${siteContent.key} = ${currencyKey}), ${defaultShopMoney.currency})`;

/** Whether the shop ever took a payment: then a new currency only applies to new prices. */
async function sold(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: payments.id }).from(payments).limit(1);
  return Boolean(row);
}

export async function shopMoneySetting(db: Database): Promise<ShopMoneySetting> {
  const [money, anySale] = await Promise.all([shopMoney(db), sold(db)]);
  return { ...money, sold: anySale };
}

/**
 * The owner sets the currency and locale. Nothing is converted: orders, payments and receipts keep
 * the currency they were made in, and the catalog's prices (kept in minor units) are read in the
 * new currency from now on. The change is in the audit log, as it was and as it is.
 */
export async function saveShopMoney(
  db: Database,
  actor: AuditActor,
  body: ShopMoneyBody,
): Promise<ShopMoneySetting> {
  const wanted: ShopMoney = { currency: body.currency, locale: body.locale };
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(siteContent)
      .where(eq(siteContent.key, currencyKey))
      .for("update");
    const before = shopMoneyOf(current?.value);
    if (before.currency === wanted.currency && before.locale === wanted.locale && current) return;
    await tx
      .insert(siteContent)
      .values({ key: currencyKey, value: wanted })
      .onConflictDoUpdate({ target: siteContent.key, set: { value: wanted, updatedAt: sql`now()` } });
    if (before.currency === wanted.currency && before.locale === wanted.locale) return;
    await recordAudit(tx, {
      actor,
      action: "site.currency_changed",
      subject: { type: "site", id: currencyKey },
      before,
      after: wanted,
    });
  });
  // Every part: the prices and the pages are written in it.
  await catalogChanged(db);
  return shopMoneySetting(db);
}

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
