import { randomUUID } from "node:crypto";
import { formatMoney, invoicePaymentMessages as messages, salesMessages } from "@agency/contract";
import type { Database } from "../../../db/client.js";
import { AppError } from "../../../errors.js";
import { emitDomainEvent } from "../../../events.js";
import type { ReceiptSettings } from "../receipts/issue.js";
import type { InvoiceRow } from "./invoice-queries.js";
import { addPayment } from "./ledger.js";
import { orderOfIntentLocked, type PaymentRow } from "./queries.js";

/** The account that pays: the document's addressee (or the account with its address). */
export type Payer = { id: string; email: string; name: string };

/**
 * The sales module's way to the order a document that starts work opens (its unpaid one, or a new
 * one for the payer): given by the app, since billing sits below the modules that place orders.
 */
export type OpenOrderOf = (tx: Database, document: InvoiceRow, payer: Payer, now: Date) => Promise<string>;

/**
 * Money the agency recorded for an accepted quote or an invoice that starts work: it opens the
 * work as the card would. The order is written (or its unpaid one taken), the payment is the
 * order's, with the document beside it, a receipt of the order's lines, and `order.paid` (the
 * order submitted, the document paid, the brief asked for), then `payment.recorded` (the
 * webhook, the document's history). Only in full: the work starts once, on all of it.
 */
export async function recordOrderPayment(
  tx: Database,
  ctx: { receipts: ReceiptSettings; openOrderOf: OpenOrderOf; now: () => Date },
  input: {
    document: InvoiceRow;
    payer: Payer;
    cents: number;
    dueCents: number;
    time: Date;
    method: string;
    reference: string | null;
    recordedBy: { id: string | null; name: string };
  },
): Promise<PaymentRow> {
  const { document, cents, time } = input;
  if (cents !== input.dueCents) {
    const message = messages.inFull(formatMoney(input.dueCents, document.currency));
    throw new AppError("bad_request", message, { amount: message });
  }
  const orderId = await ctx.openOrderOf(tx, document, input.payer, ctx.now());
  const order = await orderOfIntentLocked(tx, { id: "", orderId });
  if (!order || order.paid || order.priceCents !== cents) {
    throw new AppError("conflict", salesMessages.notPayable);
  }
  const transactionId = `recorded-${randomUUID()}`;
  const payment = await addPayment(tx, ctx.receipts, {
    order,
    provider: "recorded",
    intent: {
      id: transactionId,
      clientSecret: "",
      status: "succeeded",
      amountCents: cents,
      currency: order.currency,
      orderId: order.id,
      invoiceId: document.id,
      time,
      card: null,
    },
    period: null,
    recorded: {
      method: input.method,
      reference: input.reference,
      recordedBy: input.recordedBy.id,
      salesDocumentId: document.id,
    },
  });
  if (!payment) throw new Error("The recorded payment was not written.");
  await emitDomainEvent(tx, "order.paid", { order, transactionId, paidAt: time });
  await emitDomainEvent(tx, "payment.recorded", {
    payment: { id: payment.id, amountCents: cents },
    invoice: { id: document.id, seriesId: document.seriesId },
    settled: true,
    recordedBy: input.recordedBy,
    paidAt: time,
  });
  return payment;
}
