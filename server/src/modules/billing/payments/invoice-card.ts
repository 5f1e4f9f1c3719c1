import { type PaymentIntent, salesMessages, toMajor } from "@agency/contract";
import type { SessionUser } from "../../../auth/session.js";
import type { Database } from "../../../db/client.js";
import { AppError } from "../../../errors.js";
import type { PaymentProvider, ProviderIntent } from "../../../payment-providers/provider.js";
import { recordAudit } from "../../audit/index.js";
import type { ReceiptSettings } from "../receipts/issue.js";
import { bookInvoicePayment } from "./invoice-payments.js";
import {
  type InvoiceRow,
  invoiceRevisionLocked,
  payerOfDocument,
  settledCentsOfSeries,
} from "./invoice-queries.js";

// An invoice that opens no order (work done, or nothing) paid by card: the provider's intent
// carries the invoice revision instead of an order, and its success books the payment as a
// recorded one is booked, with the card on the receipt (docs/decisions/029).

const sameCurrency = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Opens (or opens again) the card payment of what the invoice still asks for. The caller (the
 * sales module) has checked that the reader may pay it and that it is open and starts no work.
 */
export async function openInvoiceCardPayment(
  db: Database,
  provider: PaymentProvider,
  invoice: InvoiceRow,
): Promise<PaymentIntent> {
  const dueCents = invoice.totalCents - (await settledCentsOfSeries(db, invoice.seriesId));
  if (dueCents <= 0) throw new AppError("conflict", salesMessages.notPayable);
  const intent = await provider.createIntent({
    invoiceId: invoice.id,
    amountCents: dueCents,
    currency: invoice.currency,
    email: invoice.email,
  });
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: provider.name,
    publishableKey: provider.publishableKey,
    amount: toMajor(dueCents, invoice.currency),
    currency: invoice.currency,
  };
}

/** Whether an intent the provider reports pays an invoice (not an order). */
export const paysInvoice = (intent: ProviderIntent): intent is ProviderIntent & { invoiceId: string } =>
  !intent.orderId && Boolean(intent.invoiceId);

/**
 * Books an invoice's card payment from the provider's own report of it, exactly once per
 * transaction: the confirmation after the card form, the test card, Stripe's webhook and its
 * retries all land here, and all but the first change nothing. Money the card took is booked
 * whatever became of the invoice since (the agency refunds what is too much). `payer` is who
 * confirmed it; the webhook knows only the invoice's addressee.
 */
export async function recordInvoiceCardPayment(
  db: Database,
  providerName: PaymentProvider["name"],
  intent: ProviderIntent,
  receipts: ReceiptSettings,
  payer?: SessionUser,
): Promise<{ booked: boolean }> {
  if (intent.status !== "succeeded") throw new AppError("unprocessable", "The payment has not succeeded.");
  if (!paysInvoice(intent)) throw new AppError("unprocessable", "The payment is not for an invoice.");
  return db.transaction(async (tx) => {
    const invoice = await invoiceRevisionLocked(tx, intent.invoiceId);
    if (!invoice || invoice.kind !== "invoice" || !sameCurrency(intent.currency, invoice.currency)) {
      throw new AppError("unprocessable", "The payment is not for an invoice of this shop.");
    }
    const payerId = payer?.id ?? (await payerOfDocument(tx, invoice))?.id;
    if (!payerId) throw new AppError("unprocessable", "The invoice's payer has no account yet.");
    const dueCents = invoice.totalCents - (await settledCentsOfSeries(tx, invoice.seriesId));
    const payment = await bookInvoicePayment(tx, receipts, {
      invoice,
      payerId,
      cents: intent.amountCents,
      dueCents,
      time: intent.time,
      provider: providerName,
      transactionId: intent.id,
      method: null,
      reference: null,
      card: intent.card ?? null,
      recordedBy: { id: payerId, name: payer?.name ?? invoice.name ?? invoice.email },
    });
    if (!payment) return { booked: false };
    await recordAudit(tx, {
      actor: { type: "customer", id: payerId },
      action: "invoice.paid",
      subject: { type: "invoice", id: invoice.seriesId, label: invoice.number ?? "" },
      before: { due: toMajor(dueCents, invoice.currency) },
      after: {
        method: "card",
        payment: payment.id,
        amount: toMajor(intent.amountCents, invoice.currency),
        currency: invoice.currency,
        due: toMajor(Math.max(0, dueCents - intent.amountCents), invoice.currency),
      },
    });
    return { booked: true };
  });
}
