import type { ShopMoney, SiteIdentity } from "@agency/contract";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { type MailBrandSource, mailBrand } from "../../mail/layout.js";
import { loadSiteContent } from "./service.js";

type IdentityConfig = Pick<Config, "site" | "shopNameOverride">;

/** The identity (SHOP_NAME in place of the name when set) and the shop's currency, from the cache. */
async function shownIdentity(
  db: Database,
  config: IdentityConfig,
  reader: Database = db,
): Promise<{ site: SiteIdentity; money: ShopMoney }> {
  const { site, money } = await loadSiteContent(db, config.site, reader);
  return { site: config.shopNameOverride ? { ...site, name: config.shopNameOverride } : site, money };
}

/**
 * The shop's identity as mails and receipts show it: the one saved in Site content (else the site
 * identity file), with SHOP_NAME in place of the name when it is set. Read from the same cache as
 * the public pages, so a mail or a receipt costs no query while nothing was saved.
 *
 * Inside a transaction, pass it as `reader`: on the embedded database a read through any other
 * handle would wait for that transaction to end.
 */
export type SiteIdentitySource = (reader?: Database) => Promise<SiteIdentity>;

export function currentSiteIdentity(db: Database, config: IdentityConfig): SiteIdentitySource {
  return async (reader = db) => (await shownIdentity(db, config, reader)).site;
}

/**
 * The brand every mail is written with, as it is at the moment the mail is written, with the
 * locale the shop writes its amounts in.
 */
export function currentMailBrand(
  db: Database,
  config: IdentityConfig & Pick<Config, "publicUrl">,
): MailBrandSource {
  return async () => {
    const { site, money } = await shownIdentity(db, config);
    return mailBrand(site, config.publicUrl, money.locale);
  };
}
