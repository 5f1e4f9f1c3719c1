import type { ShopMoney, ShopMoneyBody, ShopMoneySetting } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { type AuditActor, recordAudit } from "../audit/index.js";
import { catalogChanged, currencyKey, shopMoney, shopMoneyOf } from "../catalog/index.js";
import { anyPaymentTaken, saveSiteContentValue, siteContentByKeyForUpdate } from "./queries.js";

// The shop's currency is stored with the site's settings (`site_content`, key "currency"), which
// this module writes; the catalog reads it, since every price is written in it.

/**
 * The currency and locale, and whether the shop ever took a payment: then a new currency only
 * applies to new prices.
 */
export async function shopMoneySetting(db: Database): Promise<ShopMoneySetting> {
  const [money, anySale] = await Promise.all([shopMoney(db), anyPaymentTaken(db)]);
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
    const current = await siteContentByKeyForUpdate(tx, currencyKey);
    const before = shopMoneyOf(current?.value);
    if (before.currency === wanted.currency && before.locale === wanted.locale && current) return;
    await saveSiteContentValue(tx, currencyKey, wanted);
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
