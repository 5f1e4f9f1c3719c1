import {
  defaultPageTexts,
  PageTexts,
  type SiteConfig,
  type SiteContent,
  SiteIdentity,
} from "@agency/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { siteContent } from "../../db/schema.js";
import { cachedRead, catalogChanged } from "../catalog/cache.js";

type ContentKey = "identity" | "texts";

/**
 * The site identity and page texts the public pages show: what the owner saved in the dashboard,
 * or else the deployment's site.config.json (identity) and the built-in texts. Cached until the
 * next save, on this instance and (through the catalog channel) on the others.
 */
export function loadSiteContent(db: Database, configured: SiteConfig): Promise<SiteContent> {
  return cachedRead(db, "site", "content", async () => {
    const rows = await db.select().from(siteContent);
    const saved = new Map(rows.map((row) => [row.key, row.value]));
    // A saved document that no longer fits the contract (an older shape) gives way to the default.
    const identity = SiteIdentity.safeParse(saved.get("identity"));
    const texts = PageTexts.safeParse(saved.get("texts"));
    return {
      site: identity.success ? identity.data : configured,
      texts: texts.success ? texts.data : defaultPageTexts,
    };
  });
}

async function save(db: Database, key: ContentKey, value: unknown): Promise<void> {
  await db
    .insert(siteContent)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteContent.key, set: { value, updatedAt: sql`now()` } });
  await catalogChanged(db, "site");
}

export async function saveSiteIdentity(
  db: Database,
  configured: SiteConfig,
  identity: SiteIdentity,
): Promise<SiteContent> {
  await save(db, "identity", identity);
  return loadSiteContent(db, configured);
}

export async function savePageTexts(
  db: Database,
  configured: SiteConfig,
  texts: PageTexts,
): Promise<SiteContent> {
  await save(db, "texts", texts);
  return loadSiteContent(db, configured);
}
