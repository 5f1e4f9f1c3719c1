import {
  defaultPageTexts,
  PageTexts,
  type SiteConfig,
  type SiteContent,
  SiteIdentity,
} from "@agency/contract";
import type { Database } from "../../db/client.js";
import { type AuditActor, changedFields, recordAudit } from "../audit/index.js";
import { cachedReadIn, catalogChanged, shopMoneyOf } from "../catalog/index.js";
import { allSiteContent, saveSiteContentValue, siteContentByKeyForUpdate } from "./queries.js";

type ContentKey = "identity" | "texts";

/**
 * The site identity and page texts the public pages show: what the owner saved in the dashboard,
 * or else the deployment's site.config.json (identity) and the built-in texts; and the shop's
 * currency (the catalog's). Cached until the next save, on this instance and (through the catalog
 * channel) on the others.
 */
export function loadSiteContent(
  db: Database,
  configured: SiteConfig,
  /** Where a read the cache cannot answer goes: the caller's transaction, when it holds one. */
  reader: Database = db,
): Promise<SiteContent> {
  return cachedReadIn(db, reader, "site", "content", async (from) => {
    const rows = await allSiteContent(from);
    const saved = new Map(rows.map((row) => [row.key, row.value]));
    // A saved document that no longer fits the contract (an older shape) gives way to the default.
    const identity = SiteIdentity.safeParse(saved.get("identity"));
    const texts = PageTexts.safeParse(saved.get("texts"));
    return {
      site: identity.success ? identity.data : configured,
      texts: texts.success ? texts.data : defaultPageTexts,
      money: shopMoneyOf(saved.get("currency")),
    };
  });
}

/** Saves one document and records the parts of it that changed (what was shown before, if never saved). */
async function save(
  db: Database,
  actor: AuditActor,
  key: ContentKey,
  value: Record<string, unknown>,
  shownBefore: Record<string, unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await siteContentByKeyForUpdate(tx, key);
    await saveSiteContentValue(tx, key, value);
    const change = changedFields((current?.value as Record<string, unknown>) ?? shownBefore, value);
    if (change) {
      await recordAudit(tx, {
        actor,
        action: key === "identity" ? "site.identity_changed" : "site.texts_changed",
        subject: { type: "site", id: key },
        ...change,
      });
    }
  });
  await catalogChanged(db, "site");
}

export async function saveSiteIdentity(
  db: Database,
  actor: AuditActor,
  configured: SiteConfig,
  identity: SiteIdentity,
): Promise<SiteContent> {
  await save(db, actor, "identity", identity, configured);
  return loadSiteContent(db, configured);
}

export async function savePageTexts(
  db: Database,
  actor: AuditActor,
  configured: SiteConfig,
  texts: PageTexts,
): Promise<SiteContent> {
  await save(db, actor, "texts", texts, defaultPageTexts);
  return loadSiteContent(db, configured);
}
