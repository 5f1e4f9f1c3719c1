import { salesLabel, toMajor, type WebhookSalesDocument } from "@agency/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { salesDocuments } from "../../db/schema.js";
import { effectiveState } from "./present.js";

const instant = (value: Date | null) => value?.toISOString() ?? null;

/**
 * A quote or invoice as an outgoing webhook carries it (its customer's view, without the link's
 * token), as it is at `now`; none when it does not exist.
 */
export async function salesDocumentView(
  db: Database,
  id: string,
  now: Date,
): Promise<WebhookSalesDocument[]> {
  const [row] = await db.select().from(salesDocuments).where(eq(salesDocuments.id, id));
  if (!row) return [];
  return [
    {
      _id: row.id,
      kind: row.kind,
      number: row.number,
      revision: row.revision,
      label: salesLabel(row),
      state: effectiveState(row, now),
      email: row.email,
      name: row.name,
      currency: row.currency,
      total: toMajor(row.totalCents, row.currency),
      acceptedAt: instant(row.acceptedAt),
      paidAt: instant(row.paidAt),
      orderId: row.orderId,
      createdAt: row.createdAt.toISOString(),
    },
  ];
}
