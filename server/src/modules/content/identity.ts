import type { SiteIdentity } from "@agency/contract";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { type MailBrandSource, mailBrand } from "../../mail/layout.js";
import { loadSiteContent } from "./service.js";

/**
 * The shop's identity as mails and receipts show it: the one saved in Site content (else the site
 * identity file), with SHOP_NAME in place of the name when it is set. Read from the same cache as
 * the public pages, so a mail or a receipt costs no query while nothing was saved.
 *
 * Inside a transaction, pass it as `reader`: on the embedded database a read through any other
 * handle would wait for that transaction to end.
 */
export type SiteIdentitySource = (reader?: Database) => Promise<SiteIdentity>;

export function currentSiteIdentity(
  db: Database,
  config: Pick<Config, "site" | "shopNameOverride">,
): SiteIdentitySource {
  return async (reader = db) => {
    const { site } = await loadSiteContent(db, config.site, reader);
    return config.shopNameOverride ? { ...site, name: config.shopNameOverride } : site;
  };
}

/** The brand every mail is written with, as it is at the moment the mail is written. */
export function currentMailBrand(
  db: Database,
  config: Pick<Config, "site" | "shopNameOverride" | "publicUrl">,
): MailBrandSource {
  const identity = currentSiteIdentity(db, config);
  return async () => mailBrand(await identity(), config.publicUrl);
}
