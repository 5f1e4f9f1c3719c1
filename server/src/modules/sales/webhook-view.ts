import { WebhookSalesDocument } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { toSalesDocument } from "./present.js";
import { revisionWithId } from "./queries/documents.js";

/**
 * A quote or invoice as an outgoing webhook carries it (its customer's view, without the link's
 * token or its lines), as it is at `now`; none when it does not exist.
 */
export async function salesDocumentView(
  db: Database,
  id: string,
  now: Date,
): Promise<WebhookSalesDocument[]> {
  const row = await revisionWithId(db, id);
  if (!row) return [];
  // The schema keeps only the fields a webhook carries.
  return [WebhookSalesDocument.parse({ ...toSalesDocument(row, [], now), customerId: row.userId })];
}
