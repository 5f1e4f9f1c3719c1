import { formatMoney, salesLabel, toMajor } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { emitDomainEvent } from "../../events.js";
import { recordAudit } from "../audit/index.js";
import { shopMoney } from "../catalog/index.js";
import { markRevisionPaid, revisionOfOrderLocked, revisionWithId } from "./queries/documents.js";
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

/**
 * Billing recorded money received for an invoice outside the card (`payment.recorded`): the
 * history notes it, and once the invoice is settled in full it is paid, with `invoice.paid`. It
 * opens no order: the work was done (or the invoice is for nothing), docs/decisions/029.
 */
export async function salesPaymentRecorded(
  tx: Database,
  event: {
    payment: { id: string; amountCents: number };
    invoice: { id: string };
    settled: boolean;
    recordedBy: { id: string | null; name: string };
    paidAt: Date;
  },
): Promise<void> {
  const row = await revisionWithId(tx, event.invoice.id, true);
  if (!row) return;
  const { locale } = await shopMoney(tx);
  await recordSalesEvent(tx, {
    documentId: row.id,
    kind: "payment_recorded",
    at: event.paidAt,
    actor: event.recordedBy,
    note: formatMoney(event.payment.amountCents, row.currency, locale),
  });
  if (!event.settled || row.state === "paid") return;
  await markRevisionPaid(tx, row.id, event.paidAt);
  await recordSalesEvent(tx, { documentId: row.id, kind: "paid", at: event.paidAt, actor: event.recordedBy });
  await emitDomainEvent(tx, "invoice.paid", {
    invoice: {
      id: row.id,
      number: row.number ?? "",
      revision: row.revision,
      email: row.email,
      userId: row.userId ?? "",
      totalCents: row.totalCents,
    },
    orderId: null,
    paidAt: event.paidAt,
  });
}
