import { type OrderLine, type OrderLineKind, toMajor } from "@agency/contract";
import type { Database } from "../../db/client.js";
import type { OrderLineRow } from "../../db/order-lines.js";
import { orderLines } from "../../db/schema.js";

/** One line to write on an order: a plan, an add-on, or custom work (a quote's line). */
export type NewOrderLine = {
  kind: OrderLineKind;
  /** What the customer reads on the order and its receipts. */
  description: string;
  /** A whole number, 1 or more (1 when left out). */
  quantity?: number;
  /** The price of one, in cents (0 or more). */
  unitCents: number;
  /** Charged again with every renewal of the order's subscription (false when left out). */
  recurring?: boolean;
  /** The plan add-on the line is copied from (add-on lines only). */
  addonId?: string | null;
};

function checked(line: NewOrderLine): Required<NewOrderLine> {
  const quantity = line.quantity ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new Error("An order line's quantity is a whole number, 1 or more.");
  if (!Number.isInteger(line.unitCents) || line.unitCents < 0) {
    throw new Error("An order line's unit price is a whole number of cents, 0 or more.");
  }
  if (!line.description.trim()) throw new Error("An order line needs a description.");
  return { ...line, quantity, recurring: line.recurring ?? false, addonId: line.addonId ?? null };
}

/** The lines' sum in cents, before any discount: what an order's list_price_cents holds. */
export function orderLinesTotalCents(lines: readonly NewOrderLine[]): number {
  return lines.reduce((sum, line) => sum + (line.quantity ?? 1) * line.unitCents, 0);
}

/**
 * Writes a new order's lines inside the transaction that inserts the order, numbered 0, 1, …
 * in the order given (the order shows them so). Call it once per order: the order's
 * price_cents, list_price_cents and discount_cents stay its totals, so list_price_cents must be
 * `orderLinesTotalCents(lines)`. Answers the rows written.
 */
export async function writeOrderLines(
  tx: Database,
  orderId: string,
  lines: readonly NewOrderLine[],
): Promise<OrderLineRow[]> {
  if (lines.length === 0) return [];
  return tx
    .insert(orderLines)
    .values(
      lines.map(checked).map((line, position) => ({
        orderId,
        position,
        kind: line.kind,
        description: line.description,
        quantity: line.quantity,
        unitCents: line.unitCents,
        amountCents: line.quantity * line.unitCents,
        recurring: line.recurring,
        addonId: line.addonId,
      })),
    )
    .returning();
}

/** A line as the API shows it, in the order's `currency`. */
export function toOrderLine(row: OrderLineRow, currency: string): OrderLine {
  return {
    kind: row.kind,
    description: row.description,
    quantity: row.quantity,
    unitPrice: toMajor(row.unitCents, currency),
    amount: toMajor(row.amountCents, currency),
    recurring: row.recurring,
  };
}
