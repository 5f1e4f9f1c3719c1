import type { SiteContent } from "@agency/contract";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { loadSiteContent } from "../content/index.js";

/**
 * The site's identity (name, tagline, logo, address, phones, e-mail, map, social links) and page
 * texts as the pages show them right now: what the owner saved in the dashboard, else the
 * deployment's site identity file and the built-in texts. The root loader of every
 * server-rendered page reads it, so a change shows on the next request, with no rebuild.
 *
 * Read through the catalog cache (part "site"); saving calls `catalogChanged(db, "site")`, which
 * also moves the generation the rendered-page cache is keyed by.
 */
export function readSiteContent(db: Database, config: Pick<Config, "site">): Promise<SiteContent> {
  return loadSiteContent(db, config.site);
}
