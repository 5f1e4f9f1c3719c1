import { isId, type Receipt, type ReceiptSummary, toMajor } from "@agency/contract";
import { clientCompanyOf, clientMayDo, maySeeOrderMoney } from "../../../auth/order-access.js";
import type { SessionUser } from "../../../auth/session.js";
import type { Database } from "../../../db/client.js";
import { planLineDescription } from "../../../db/order-lines.js";
import { notFound } from "../../../errors.js";
import {
  type ReceiptWithAssignee,
  type ReceiptRow as Row,
  receiptByIdWithAssignee,
  receiptOfOrderWithAssignee,
  receiptsOfAccountNewestFirst,
  receiptsOfCompanyNewestFirst,
} from "./queries.js";

function toSummary(row: Row): ReceiptSummary {
  return {
    _id: row.id,
    number: row.number,
    kind: row.kind,
    paymentId: row.paymentId,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    invoiceNumber: row.documentNumber,
    amount: toMajor(row.amountCents, row.currency),
    currency: row.currency,
    issuedAt: row.issuedAt.toISOString(),
  };
}

function toReceipt(row: Row): Receipt {
  return {
    ...toSummary(row),
    seller: row.seller,
    customer: { name: row.customerName, email: row.customerEmail },
    buyer: row.buyer,
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
    credits:
      row.creditsReceiptId && row.creditsNumber
        ? { _id: row.creditsReceiptId, number: row.creditsNumber }
        : null,
    tax: toMajor(row.taxCents, row.currency),
    taxRatePercent: row.taxRateBasisPoints / 100,
    provider: row.provider,
    transactionId: row.transactionId,
    card: row.cardLast4 ? { brand: row.cardBrand ?? "card", last4: row.cardLast4 } : null,
    paidAt: row.paidAt.toISOString(),
  };
}

/**
 * The caller's own receipts, newest first: their company's, to a client role that pays (Billing,
 * Admin; none to the others); the ones of their own orders to someone in no company.
 */
export async function listOwnReceipts(db: Database, caller: SessionUser): Promise<ReceiptSummary[]> {
  const company = clientCompanyOf(caller);
  if (company && !clientMayDo(caller, "pay")) return [];
  const rows = company
    ? await receiptsOfCompanyNewestFirst(db, company)
    : await receiptsOfAccountNewestFirst(db, caller.id);
  return rows.map(toSummary);
}

/**
 * A receipt or credit note is the order's money: its customer opens it, and a member of the team who
 * sees the order (see `maySeeOrder`) and money; to anyone else it does not exist.
 */
function visibleReceipt(caller: SessionUser, found: ReceiptWithAssignee | undefined): Receipt {
  if (
    !found ||
    !maySeeOrderMoney(caller, {
      userId: found.receipt.userId,
      assigneeId: found.assigneeId,
      companyId: found.companyId,
    })
  ) {
    throw notFound("The receipt");
  }
  return toReceipt(found.receipt);
}

/** A receipt its customer, or a member who sees its order and money, may open. */
export async function findVisibleReceipt(db: Database, caller: SessionUser, id: string): Promise<Receipt> {
  if (!isId(id)) throw notFound("The receipt");
  return visibleReceipt(caller, await receiptByIdWithAssignee(db, id));
}

/** The receipt of an order's payment, to those who may open it (see `findVisibleReceipt`). */
export async function findOrderReceipt(db: Database, caller: SessionUser, orderId: string): Promise<Receipt> {
  if (!isId(orderId)) throw notFound("The receipt");
  return visibleReceipt(caller, await receiptOfOrderWithAssignee(db, orderId));
}
