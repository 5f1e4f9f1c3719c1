import { salesLabel, toMajor } from "@agency/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { salesDocuments } from "../../db/schema.js";
import { emitDomainEvent } from "../../events.js";
import { recordAudit } from "../audit/index.js";
import { recordSalesEvent } from "./present.js";

/**
 * Billing recorded the payment of an order (`order.paid`): when the order was a quote's or an
 * invoice's, that one is paid now, in the payment's transaction. The order itself was submitted
 * to the team by the orders module, and its subscription started by billing.
 */
export async function salesOrderPaid(
  tx: Database,
  event: { order: { id: string; userId: string; name: string }; paidAt: Date },
): Promise<void> {
  const [row] = await tx
    .select()
    .from(salesDocuments)
    .where(eq(salesDocuments.orderId, event.order.id))
    .for("update");
  if (!row || row.state === "paid") return;
  await tx
    .update(salesDocuments)
    .set({ state: "paid", paidAt: event.paidAt })
    .where(eq(salesDocuments.id, row.id));
  await recordSalesEvent(tx, {
    documentId: row.id,
    kind: "paid",
    at: event.paidAt,
    actor: { id: event.order.userId, name: event.order.name },
  });
  if (row.kind !== "invoice") return;
  const label = salesLabel(row);
  await recordAudit(tx, {
    actor: { type: "customer", id: event.order.userId },
    action: "invoice.paid",
    subject: { type: "invoice", id: row.seriesId, label },
    before: { state: row.state },
    after: { state: "paid", total: toMajor(row.totalCents, row.currency), orderId: event.order.id },
  });
  await emitDomainEvent(tx, "invoice.paid", {
    invoice: {
      id: row.id,
      number: row.number ?? "",
      revision: row.revision,
      email: row.email,
      userId: event.order.userId,
      totalCents: row.totalCents,
    },
    orderId: event.order.id,
    paidAt: event.paidAt,
  });
}
