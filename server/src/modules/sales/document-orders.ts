import { invoicePaymentMessages, lineCounts, salesLabel, salesMessages } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { paymentStateOfOrder, placeCustomOrder } from "../orders/index.js";
import { linesOf } from "./present.js";
import { linkRevisionToOrder, type SalesRow } from "./queries/documents.js";

// The order a quote or invoice that starts work opens when paid: by card through the order's
// payment page, or by money the agency records (docs/decisions/029).

/** What a custom order is called: its first line, and how many more it has. */
function serviceOf(lines: { description: string }[]): string {
  const [first, ...rest] = lines;
  const name = first?.description ?? "Custom work";
  return rest.length > 0 ? `${name} (+${rest.length} more)` : name;
}

/**
 * The order a quote or invoice that starts work is paid through: its unpaid one, or a new one
 * written now for `payer` from the lines that count (an optional one only if the client chose
 * it). Refused once its order is paid.
 */
export async function orderOfDocument(
  tx: Database,
  found: SalesRow,
  payer: { id: string; email: string; name: string },
  now: Date,
): Promise<string> {
  if (found.orderId) {
    const status = await paymentStateOfOrder(tx, found.orderId);
    if (status === "unpaid") return found.orderId;
    if (status === "paid") throw new AppError("conflict", salesMessages.notPayable);
  }
  const lines = ((await linesOf(tx, [found.id])).get(found.id) ?? []).filter(lineCounts);
  const orderId = await placeCustomOrder(tx, {
    userId: payer.id,
    email: payer.email,
    name: found.name || payer.name,
    service: `${serviceOf(lines)} · ${salesLabel(found)}`,
    interval: found.recurringInterval,
    currency: found.currency,
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitCents: line.unitPriceCents,
      recurring: line.recurring !== null,
    })),
    createdAt: now,
  });
  const addressee = payer.email.toLowerCase() === found.email;
  await linkRevisionToOrder(tx, found.id, orderId, addressee ? payer.id : null);
  return orderId;
}

/**
 * Money recorded by the agency for a document that starts work (an accepted quote, an invoice
 * that starts work) opens its order as the card would: one-off work only, since a plan's renewals
 * charge a card. Answers the order for billing to record the payment against.
 */
export async function orderOfRecordedPayment(
  tx: Database,
  found: SalesRow,
  payer: { id: string; email: string; name: string },
  now: Date,
): Promise<string> {
  const lines = ((await linesOf(tx, [found.id])).get(found.id) ?? []).filter(lineCounts);
  if (lines.some((line) => line.recurring !== null)) {
    throw new AppError("conflict", invoicePaymentMessages.recurringByCard);
  }
  return orderOfDocument(tx, found, payer, now);
}
