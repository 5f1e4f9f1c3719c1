import { WebhookSalesDocument } from "@agency/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { salesDocuments } from "../../db/schema.js";
import { toSalesDocument } from "./present.js";

/**
 * A quote or invoice as an outgoing webhook carries it (its customer's view, without the link's
 * token or its lines), as it is at `now`; none when it does not exist.
 */
export async function salesDocumentView(
  db: Database,
  id: string,
  now: Date,
): Promise<WebhookSalesDocument[]> {
  const [row] = await db.select().from(salesDocuments).where(eq(salesDocuments.id, id));
  if (!row) return [];
  // The schema keeps only the fields a webhook carries.
  return [WebhookSalesDocument.parse({ ...toSalesDocument(row, [], now), customerId: row.userId })];
}
