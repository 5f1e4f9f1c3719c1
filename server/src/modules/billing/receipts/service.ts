import { isId, type Receipt, type ReceiptSummary, toMajor } from "@agency/contract";
import { desc, eq } from "drizzle-orm";
import { isTeamMember, type SessionUser } from "../../../auth/session.js";
import type { Database } from "../../../db/client.js";
import { planLineDescription } from "../../../db/order-lines.js";
import { receipts } from "../../../db/schema.js";
import { notFound } from "../../../errors.js";

type Row = typeof receipts.$inferSelect;

function toSummary(row: Row): ReceiptSummary {
  return {
    _id: row.id,
    number: row.number,
    paymentId: row.paymentId,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    amount: toMajor(row.amountCents, row.currency),
    currency: row.currency,
    issuedAt: row.issuedAt.toISOString(),
  };
}

export function toReceipt(row: Row): Receipt {
  return {
    ...toSummary(row),
    seller: row.seller,
    customer: { name: row.customerName, email: row.customerEmail },
    service: row.service,
    serviceDuration: row.serviceDuration,
    period:
      row.periodStart && row.periodEnd
        ? { start: row.periodStart.toISOString(), end: row.periodEnd.toISOString() }
        : null,
    lines: (
      row.lines ?? [
        {
          description: planLineDescription(row.service, row.serviceDuration),
          quantity: 1,
          unitCents: row.listPriceCents,
          amountCents: row.listPriceCents,
        },
      ]
    ).map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: toMajor(line.unitCents, row.currency),
      amount: toMajor(line.amountCents, row.currency),
    })),
    listPrice: toMajor(row.listPriceCents, row.currency),
    discount: toMajor(row.discountCents, row.currency),
    promoCode: row.promoCode,
    refundReason: row.refundReason,
    tax: toMajor(row.taxCents, row.currency),
    taxRatePercent: row.taxRateBasisPoints / 100,
    provider: row.provider,
    transactionId: row.transactionId,
    card: row.cardLast4 ? { brand: row.cardBrand ?? "card", last4: row.cardLast4 } : null,
    paidAt: row.paidAt.toISOString(),
  };
}

/** The caller's own receipts, newest first. */
export async function listOwnReceipts(db: Database, caller: SessionUser): Promise<ReceiptSummary[]> {
  const rows = await db
    .select()
    .from(receipts)
    .where(eq(receipts.userId, caller.id))
    .orderBy(desc(receipts.issuedAt), desc(receipts.sequence));
  return rows.map(toSummary);
}

const visible = (row: Row | undefined, caller: SessionUser): row is Row =>
  Boolean(row && (row.userId === caller.id || isTeamMember(caller)));

/** A receipt its customer or an admin may open; to anyone else it does not exist. */
export async function findVisibleReceipt(db: Database, caller: SessionUser, id: string): Promise<Receipt> {
  if (!isId(id)) throw notFound("The receipt");
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
  if (!visible(row, caller)) throw notFound("The receipt");
  return toReceipt(row);
}

export async function findOrderReceipt(db: Database, caller: SessionUser, orderId: string): Promise<Receipt> {
  if (!isId(orderId)) throw notFound("The receipt");
  const [row] = await db.select().from(receipts).where(eq(receipts.orderId, orderId));
  if (!visible(row, caller)) throw notFound("The receipt");
  return toReceipt(row);
}
