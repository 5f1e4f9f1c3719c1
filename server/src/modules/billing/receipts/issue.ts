import { addressLines } from "@agency/contract";
import type { Config } from "../../../config.js";
import type { Database } from "../../../db/client.js";
import type { DocumentBuyer, ReceiptLineItem, ReceiptSeller } from "../../../db/schema.js";
import { documentBuyerOfOrder } from "../../companies/index.js";
import { currentSiteIdentity } from "../../content/index.js";
import {
  insertReceiptRow,
  nextCreditNoteSequence,
  nextReceiptSequence,
  receiptOfPayment,
} from "./queries.js";

/** What every receipt copies when it is issued: the issuer as the shop presents itself then, and the tax. */
export type ReceiptSettings = {
  /** Read inside the payment's transaction (`reader`), from the site identity's cache when it can. */
  seller(reader: Database): Promise<ReceiptSeller>;
  taxRateBasisPoints: number;
};

export function receiptSettings(config: Config, db: Database): ReceiptSettings {
  const identity = currentSiteIdentity(db, config);
  return {
    async seller(reader) {
      const site = await identity(reader);
      return {
        name: site.name,
        address: addressLines(site.address),
        email: site.email,
        phone: site.phones[0] ?? null,
        logo: site.logo,
        taxId: config.tax.id ?? null,
      };
    },
    taxRateBasisPoints: Math.round(config.tax.ratePercent * 100),
  };
}

export function formatReceiptNumber(year: number, sequence: number): string {
  return `R-${year}-${String(sequence).padStart(5, "0")}`;
}

/** CN-2026-0001: credit notes are numbered in their own series, apart from receipts. */
function formatCreditNoteNumber(year: number, sequence: number): string {
  return `CN-${year}-${String(sequence).padStart(4, "0")}`;
}

/** Prices include the tax: this is the part of the amount that is tax. */
export function includedTax(amountCents: number, basisPoints: number): number {
  return Math.round((amountCents * basisPoints) / (10_000 + basisPoints));
}

export type ReceiptInput = {
  payment: { id: string; amountCents: number; provider: string; transactionId: string; paymentTime: Date };
  /** Who paid and for what: the order's, or for an invoice's payment (no order) the invoice's. */
  order: {
    id: string | null;
    number: number | null;
    userId: string;
    name: string;
    email: string;
    service: string;
    serviceDuration: string;
  };
  currency: string;
  card: { brand: string; last4: string } | null;
  /**
   * What was paid for, line by line (null: one line, the plan's, at the list price), their sum and
   * what a promo code took off it (amount = list price - discount).
   */
  pricing: {
    lines: ReceiptLineItem[] | null;
    listPriceCents: number;
    discountCents: number;
    promoCode: string | null;
  };
  period: { start: Date; end: Date } | null;
  /** A credit note's reason for the refund. */
  refundReason?: string | null;
  /** The invoice paid, when no order was: its revision, number and the buyer it printed. */
  invoice?: { id: string; number: string; buyer: DocumentBuyer | null } | null;
  /** A refund: the payment it gives money back of (its document is then a credit note). */
  refundOf?: string | null;
};

/**
 * Issues the payment's receipt inside the payment's transaction. The year's counter row is
 * updated in that transaction too: concurrent payments wait on its lock, and a payment that rolls
 * back takes its number with it, so numbers have neither gaps nor duplicates.
 */
export async function issueReceipt(tx: Database, settings: ReceiptSettings, input: ReceiptInput) {
  // The year the money was taken in, which a renewal charged at the turn of the year decides.
  const year = input.payment.paymentTime.getUTCFullYear();
  const creditNote = Boolean(input.refundOf);
  const sequence = creditNote ? await nextCreditNoteSequence(tx, year) : await nextReceiptSequence(tx, year);
  if (sequence === undefined) throw new Error("The receipt counter was not updated.");
  // The credit note names the receipt it gives money back of, as that was numbered.
  const credits = input.refundOf ? await receiptOfPayment(tx, input.refundOf) : undefined;
  const { payment, order } = input;
  const row = await insertReceiptRow(tx, {
    number: creditNote ? formatCreditNoteNumber(year, sequence) : formatReceiptNumber(year, sequence),
    kind: creditNote ? "credit_note" : "receipt",
    creditsReceiptId: credits?.id ?? null,
    creditsNumber: credits?.number ?? null,
    year,
    sequence,
    paymentId: payment.id,
    orderId: order.id,
    orderNumber: order.number,
    salesDocumentId: input.invoice?.id ?? null,
    documentNumber: input.invoice?.number ?? null,
    userId: order.userId,
    customerName: order.name,
    customerEmail: order.email,
    // The client company as it prints now: the receipt keeps it whatever the company changes later.
    buyer: order.id ? await documentBuyerOfOrder(tx, order.id) : (input.invoice?.buyer ?? null),
    service: order.service,
    serviceDuration: order.serviceDuration,
    periodStart: input.period?.start ?? null,
    periodEnd: input.period?.end ?? null,
    lines: input.pricing.lines,
    listPriceCents: input.pricing.listPriceCents,
    discountCents: input.pricing.discountCents,
    promoCode: input.pricing.promoCode,
    refundReason: input.refundReason ?? null,
    amountCents: payment.amountCents,
    taxCents: includedTax(payment.amountCents, settings.taxRateBasisPoints),
    taxRateBasisPoints: settings.taxRateBasisPoints,
    currency: input.currency,
    provider: payment.provider,
    transactionId: payment.transactionId,
    cardBrand: input.card?.brand ?? null,
    cardLast4: input.card?.last4 ?? null,
    paidAt: payment.paymentTime,
    seller: await settings.seller(tx),
    // Issued with the payment, in its transaction: dated as the payment is, so a run whose
    // billing clock was moved forward never shows a receipt issued before it was paid.
    issuedAt: payment.paymentTime,
  });
  if (!row) throw new Error("The receipt was not issued.");
  return row;
}
