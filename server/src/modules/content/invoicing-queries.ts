import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { siteContent } from "../../db/schema.js";

/** The document saved under `key`, or undefined. */
export async function siteContentValueOf(db: Database, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: siteContent.value })
    .from(siteContent)
    .where(eq(siteContent.key, key));
  return row?.value;
}
