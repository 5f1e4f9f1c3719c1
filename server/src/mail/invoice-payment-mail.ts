import { formatMoney } from "@agency/contract";
import { and, eq, lte } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { payments, receipts, salesDocuments } from "../db/schema.js";
import { formatDate } from "./format.js";
import { type MailBrand, type OutgoingMail, renderMail } from "./layout.js";

const methods: Record<string, string> = { bank_transfer: "Bank transfer", cash: "Cash", other: "Other" };

/**
 * Money received towards an invoice without an order (a transfer the agency recorded): the payer's
 * receipt mail, with what the invoice still asks for (docs/decisions/029).
 */
export async function invoicePaymentReceived(
  ctx: { db: Database; brand: MailBrand },
  paymentId: string,
): Promise<OutgoingMail[]> {
  const [row] = await ctx.db
    .select({ payment: payments, invoice: salesDocuments, receipt: receipts })
    .from(payments)
    .innerJoin(salesDocuments, eq(salesDocuments.id, payments.salesDocumentId))
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(eq(payments.id, paymentId));
  if (!row) return [];
  const { payment, invoice, receipt } = row;
  const money = (cents: number) => formatMoney(cents, invoice.currency, ctx.brand.locale);
  const number = invoice.number ?? "";
  // What was due once this payment was in: the ones recorded before it, and it.
  const paid = await ctx.db
    .select({ cents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.salesDocumentId, invoice.id), lte(payments.createdAt, payment.createdAt)));
  const due = Math.max(0, invoice.totalCents - paid.reduce((sum, each) => sum + each.cents, 0));
  const details: Array<[string, string]> = [
    ...(receipt ? ([["Receipt", receipt.number]] as Array<[string, string]>) : []),
    ["Invoice", number],
    ["Amount", money(payment.amountCents)],
    ["Paid with", methods[payment.method ?? ""] ?? "Other"],
    ...(payment.reference ? ([["Reference", payment.reference]] as Array<[string, string]>) : []),
    ["Date", formatDate(payment.paymentTime)],
    ["Still due", money(due)],
  ];
  return [
    renderMail(ctx.brand, {
      to: payment.email,
      subject: receipt
        ? `Your receipt ${receipt.number} for invoice ${number}`
        : `Payment received for invoice ${number}`,
      heading: "Thank you for your payment",
      paragraphs: [
        due > 0
          ? `We received ${money(payment.amountCents)} towards invoice ${number}; ${money(due)} is still due.`
          : `We received ${money(payment.amountCents)} towards invoice ${number}, which is now paid in full.`,
        "Keep this mail as your receipt; a printable copy and a PDF are in Payment History.",
      ],
      details,
      action: receipt
        ? { label: "View the receipt", url: `${ctx.brand.publicUrl}/dashboard/receipts/${receipt.id}` }
        : { label: "Open Payment History", url: `${ctx.brand.publicUrl}/dashboard/payment-history` },
    }),
  ];
}
