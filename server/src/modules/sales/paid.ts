import { salesLabel, toMajor } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { emitDomainEvent } from "../../events.js";
import { recordAudit } from "../audit/index.js";
import { markRevisionPaid, revisionOfOrderLocked } from "./queries/documents.js";
import { recordSalesEvent } from "./queries/history.js";

/**
 * Billing recorded the payment of an order (`order.paid`): when the order was a quote's or an
 * invoice's, that one is paid now, in the payment's transaction. The order itself was submitted
 * to the team by the orders module, and its subscription started by billing.
 */
export async function salesOrderPaid(
  tx: Database,
  event: { order: { id: string; userId: string; name: string }; paidAt: Date },
): Promise<void> {
  const row = await revisionOfOrderLocked(tx, event.order.id);
  if (!row || row.state === "paid") return;
  await markRevisionPaid(tx, row.id, event.paidAt);
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
