import { formatMoney, formatOrderNumber, receiptMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.js";
import { orders, payments, receipts } from "../db/schema.js";
import { followerMails } from "./followers.js";
import { formatCard, formatDate } from "./format.js";
import { type MailBrand, type OutgoingMail, renderMail } from "./layout.js";

const paidReceipt = alias(receipts, "paid_receipt");

/** Part of a payment was given back: the customer's mail, with the credit note and the reason. */
export async function refundIssued(
  ctx: { db: Database; brand: MailBrand },
  paymentId: string,
): Promise<OutgoingMail[]> {
  const [row] = await ctx.db
    .select({ refund: payments, order: orders, creditNote: receipts, paid: paidReceipt })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    // The refunded payment's receipt: the card the money goes back to.
    .leftJoin(paidReceipt, eq(paidReceipt.paymentId, payments.refundOf))
    .where(eq(payments.id, paymentId));
  if (!row?.refund.refundOf) return [];
  const { refund, order, creditNote, paid } = row;
  const number = formatOrderNumber(order.number);
  const amount = formatMoney(-refund.amountCents, creditNote?.currency ?? order.currency, ctx.brand.locale);
  const details: Array<[string, string]> = [
    ...(creditNote ? ([["Credit note", creditNote.number]] as Array<[string, string]>) : []),
    // The receipt it credits, as the credit note names it (the refunded payment's, for one issued before).
    ...(creditNote?.creditsNumber || paid
      ? ([[receiptMessages.credits, creditNote?.creditsNumber ?? paid?.number ?? ""]] as Array<
          [string, string]
        >)
      : []),
    ["Order", number],
    ["Refunded", amount],
    ["Refunded to", formatCard(paid?.cardBrand ?? null, paid?.cardLast4 ?? null)],
    ["Date", formatDate(refund.paymentTime)],
    ...(refund.refundReason ? ([["Reason", refund.refundReason]] as Array<[string, string]>) : []),
  ];
  const { publicUrl } = ctx.brand;
  return followerMails(ctx.db, order.id, { money: true }, (to) =>
    renderMail(ctx.brand, {
      to,
      subject: creditNote
        ? `We refunded ${amount} for order ${number}: credit note ${creditNote.number}`
        : `We refunded ${amount} for order ${number}`,
      heading: "We sent you a refund",
      paragraphs: [
        `We refunded ${amount} of your payment for order ${number} to the card that paid. Depending on your bank it shows on your statement within a few days. Keep this mail with your records; the credit note is in Payment History.`,
      ],
      details,
      action: creditNote
        ? { label: "View the credit note", url: `${publicUrl}/dashboard/receipts/${creditNote.id}` }
        : { label: "Open Payment History", url: `${publicUrl}/dashboard/payment-history` },
    }),
  );
}
