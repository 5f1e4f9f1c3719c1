import { randomUUID } from "node:crypto";
import {
  formatMoney,
  type InvoicePayment,
  type InvoicePayments,
  invoicePaymentMessages as messages,
  type PaymentProviderName,
  type RecordedPaymentMethod,
  toMajor,
  toMinor,
} from "@agency/contract";
import { accountIdOf, type SessionUser } from "../../../auth/session.js";
import type { Database } from "../../../db/client.js";
import { AppError, notFound } from "../../../errors.js";
import { emitDomainEvent } from "../../../events.js";
import { enqueue } from "../../../jobs/queue.js";
import { auditActorOf, recordAudit } from "../../audit/index.js";
import { issueReceipt, type ReceiptSettings } from "../receipts/issue.js";
import {
  type InvoiceRow,
  invoiceRevisionLocked,
  payerOfDocument,
  paymentsOfSeries,
  recordedPaymentOfSeriesLocked,
  settledCentsOfSeries,
} from "./invoice-queries.js";
import { insertPaymentUnlessRecorded, type PaymentRow, refundsGivenOf } from "./queries.js";
import { type OpenOrderOf, recordOrderPayment } from "./recorded-order-payment.js";

// Money an invoice takes outside the card: the agency records a bank transfer, cash or other
// receipt of money, and its refunds. Each is a payment without an order (docs/decisions/029),
// carrying the invoice revision, with its numbered receipt or credit note; the sales module marks
// the invoice paid once settled in full (`payment.recorded`).

const isId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);
const open = new Set(["sent", "viewed"]);
/** Noon UTC of the day: the same calendar day wherever the receipt is read. */
const dayTime = (day: string) => new Date(`${day}T12:00:00.000Z`);

async function lockInvoice(tx: Database, id: string): Promise<InvoiceRow> {
  const row = isId(id) ? await invoiceRevisionLocked(tx, id) : undefined;
  if (!row) throw notFound("The quote or invoice");
  return row;
}

/** Money is taken by a quote once accepted, and by an invoice while sent and unpaid. */
function refuseClosed(row: InvoiceRow) {
  if (row.kind === "quote" && row.state !== "accepted") throw new AppError("conflict", messages.notAccepted);
  if (row.kind === "invoice" && !open.has(row.state)) throw new AppError("conflict", messages.notOpen);
}

/** The day's time: now for today, noon UTC for a day before (the same day wherever it is read). */
function timeOf(day: string, now: Date): Date {
  return day === now.toISOString().slice(0, 10) ? now : dayTime(day);
}

function refuseFuture(day: string, now: Date) {
  if (day > now.toISOString().slice(0, 10)) {
    throw new AppError("bad_request", `Invalid date: ${messages.futureDay}`, { date: messages.futureDay });
  }
}

/** The receipt's payer and what it paid for: the invoice, since no order was paid. */
function paidFor(invoice: InvoiceRow, payerId: string) {
  return {
    id: null,
    number: null,
    userId: payerId,
    name: invoice.buyer?.company || invoice.name || invoice.email,
    email: invoice.email,
    service: `Invoice ${invoice.number ?? ""}`.trim(),
    serviceDuration: "one-time",
  };
}

type Booking = {
  invoice: InvoiceRow;
  payerId: string;
  cents: number;
  /** What the invoice asked for before this payment. */
  dueCents: number;
  time: Date;
  provider: "recorded" | PaymentProviderName;
  transactionId: string;
  method: RecordedPaymentMethod | null;
  reference: string | null;
  card: { brand: string; last4: string } | null;
  recordedBy: { id: string | null; name: string };
};

/**
 * Books money received for an invoice, by card or recorded by hand: the payment, its receipt, the
 * payer's receipt mail and `payment.recorded` (the webhook, and the invoice paid once nothing is
 * due), in the caller's transaction. Undefined when the provider's transaction is booked already.
 */
export async function bookInvoicePayment(
  tx: Database,
  receipts: ReceiptSettings,
  booking: Booking,
): Promise<PaymentRow | undefined> {
  const { invoice, payerId, cents } = booking;
  const payment = await insertPaymentUnlessRecorded(tx, {
    orderId: null,
    salesDocumentId: invoice.id,
    userId: payerId,
    email: invoice.email,
    provider: booking.provider,
    transactionId: booking.transactionId,
    method: booking.method,
    reference: booking.reference,
    recordedBy: booking.provider === "recorded" ? booking.recordedBy.id : null,
    amountCents: cents,
    paymentTime: booking.time,
  });
  if (!payment) return undefined;
  await issueReceipt(tx, receipts, {
    payment,
    order: paidFor(invoice, payerId),
    invoice: { id: invoice.id, number: invoice.number ?? "", buyer: invoice.buyer },
    currency: invoice.currency,
    card: booking.card,
    pricing: {
      lines: [
        {
          description: `Payment towards invoice ${invoice.number ?? ""}`.trim(),
          quantity: 1,
          unitCents: cents,
          amountCents: cents,
        },
      ],
      listPriceCents: cents,
      discountCents: 0,
      promoCode: null,
    },
    period: null,
  });
  // The payer's receipt mail, once the transaction stands.
  await enqueue(tx, "mail.payment-received", { paymentId: payment.id });
  await emitDomainEvent(tx, "payment.recorded", {
    payment: { id: payment.id, amountCents: cents },
    invoice: { id: invoice.id, seriesId: invoice.seriesId },
    settled: cents >= booking.dueCents,
    recordedBy: booking.recordedBy,
    paidAt: booking.time,
  });
  return payment;
}

type Context = { receipts: ReceiptSettings; now: () => Date; openOrderOf: OpenOrderOf };

/**
 * The agency records money received for a sent invoice: in part or the rest of it. Written in one
 * transaction with its receipt, the audit entry and `payment.recorded` (the webhook, and the
 * invoice paid once nothing is due).
 */
export async function recordInvoicePayment(
  db: Database,
  ctx: Context,
  caller: SessionUser,
  invoiceId: string,
  body: { date: string; amount: number; method: RecordedPaymentMethod; reference: string },
): Promise<PaymentRow> {
  refuseFuture(body.date, ctx.now());
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    refuseClosed(invoice);
    const cents = toMinor(body.amount, invoice.currency);
    const dueCents = invoice.totalCents - (await settledCentsOfSeries(tx, invoice.seriesId));
    if (cents > dueCents) {
      const message = messages.moreThanDue(formatMoney(dueCents, invoice.currency));
      throw new AppError("bad_request", message, { amount: message });
    }
    const payer = await payerOfDocument(tx, invoice);
    if (!payer) throw new AppError("conflict", messages.noAccount);
    const time = timeOf(body.date, ctx.now());
    const recordedBy = { id: accountIdOf(caller), name: caller.name };
    const reference = body.reference || null;
    // A document that starts work opens its order, paid (docs/decisions/029).
    const payment = invoice.startsWork
      ? await recordOrderPayment(tx, ctx, {
          document: invoice,
          payer,
          cents,
          dueCents,
          time,
          method: body.method,
          reference,
          recordedBy,
        })
      : await bookInvoicePayment(tx, ctx.receipts, {
          invoice,
          payerId: payer.id,
          cents,
          dueCents,
          time,
          provider: "recorded",
          transactionId: `recorded-${randomUUID()}`,
          method: body.method,
          reference,
          card: null,
          recordedBy,
        });
    if (!payment) throw new Error("The recorded payment was not written.");
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "payment.recorded",
      subject: { type: "invoice", id: invoice.seriesId, label: invoice.number ?? "" },
      before: { due: toMajor(dueCents, invoice.currency) },
      after: {
        payment: payment.id,
        amount: body.amount,
        currency: invoice.currency,
        method: body.method,
        reference: body.reference,
        date: body.date,
        due: toMajor(dueCents - cents, invoice.currency),
      },
    });
    return payment;
  });
}

/**
 * The agency records money given back of a recorded payment (all or part of what is left): a
 * negative payment with its credit note, audited, announced as `refund.issued`. The invoice keeps
 * its state; its amount paid falls by the refund.
 */
export async function refundRecordedPayment(
  db: Database,
  ctx: Context,
  caller: SessionUser,
  invoiceId: string,
  paymentId: string,
  body: { date: string; amount: number; reason: string },
): Promise<PaymentRow> {
  refuseFuture(body.date, ctx.now());
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    const paid = isId(paymentId)
      ? await recordedPaymentOfSeriesLocked(tx, invoice.seriesId, paymentId)
      : undefined;
    if (!paid) throw new AppError("not_found", messages.notRecorded);
    const given = (await refundsGivenOf(tx, paid.id))?.cents ?? 0;
    const leftCents = paid.amountCents - given;
    const cents = toMinor(body.amount, invoice.currency);
    if (cents > leftCents) {
      const message = messages.moreThanPaid(formatMoney(leftCents, invoice.currency));
      throw new AppError("bad_request", message, { amount: message });
    }
    const time = dayTime(body.date);
    const refund = await insertPaymentUnlessRecorded(tx, {
      orderId: null,
      salesDocumentId: paid.salesDocumentId,
      userId: paid.userId,
      email: paid.email,
      provider: "recorded",
      transactionId: `recorded-refund-${randomUUID()}`,
      method: paid.method,
      reference: paid.reference,
      recordedBy: accountIdOf(caller),
      amountCents: -cents,
      paymentTime: time,
      refundOf: paid.id,
      refundReason: body.reason,
    });
    if (!refund) throw new Error("The recorded refund was not written.");
    await issueReceipt(tx, ctx.receipts, {
      payment: refund,
      order: paidFor(invoice, paid.userId),
      invoice: { id: invoice.id, number: invoice.number ?? "", buyer: invoice.buyer },
      currency: invoice.currency,
      card: null,
      pricing: { lines: null, listPriceCents: -cents, discountCents: 0, promoCode: null },
      period: null,
      refundReason: body.reason,
      refundOf: paid.id,
    });
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "payment.refund_recorded",
      subject: { type: "invoice", id: invoice.seriesId, label: invoice.number ?? "" },
      before: { payment: paid.id, left: toMajor(leftCents, invoice.currency) },
      after: {
        refund: body.amount,
        currency: invoice.currency,
        reason: body.reason,
        date: body.date,
        left: toMajor(leftCents - cents, invoice.currency),
      },
    });
    await emitDomainEvent(tx, "refund.issued", {
      payment: { id: refund.id, orderId: null, salesDocumentId: invoice.id },
    });
    return refund;
  });
}

/** The invoice's payments (card and recorded) and refunds, with what was paid and what is due. */
export async function invoicePayments(db: Database, invoiceId: string): Promise<InvoicePayments> {
  const [invoice] = isId(invoiceId) ? [await invoiceRevisionLocked(db, invoiceId)] : [];
  if (!invoice) throw notFound("The quote or invoice");
  const rows = await paymentsOfSeries(db, invoice.seriesId);
  const refunded = new Map<string, number>();
  for (const { payment } of rows) {
    if (payment.refundOf)
      refunded.set(payment.refundOf, (refunded.get(payment.refundOf) ?? 0) - payment.amountCents);
  }
  const paidCents = rows.reduce((sum, { payment }) => sum + payment.amountCents, 0);
  const currency = invoice.currency;
  const payments: InvoicePayment[] = rows.map(({ payment, receiptId, receiptNumber, recordedBy }) => ({
    _id: payment.id,
    date: payment.paymentTime.toISOString(),
    amount: toMajor(payment.amountCents, currency),
    currency,
    method: (payment.method as RecordedPaymentMethod | null) ?? "card",
    reference: payment.reference,
    refundOf: payment.refundOf,
    refundReason: payment.refundReason,
    refundable:
      payment.provider === "recorded" && !payment.refundOf && !payment.orderId
        ? toMajor(payment.amountCents - (refunded.get(payment.id) ?? 0), currency)
        : null,
    receiptId,
    receiptNumber,
    recordedBy,
  }));
  return {
    payments,
    amountPaid: toMajor(Math.max(0, paidCents), currency),
    amountDue: toMajor(invoice.state === "paid" ? 0 : Math.max(0, invoice.totalCents - paidCents), currency),
    currency,
  };
}
