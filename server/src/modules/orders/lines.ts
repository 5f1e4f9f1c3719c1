import { type Order, type OrderLine, type OrderLineKind, toMajor } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { type OrderLineRow, planLineOf } from "../../db/order-lines.js";
import { insertOrderLines, linesOfOrdersWithIds } from "./queries/lines.js";

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
export function orderLinesTotalCents(lines: readonly Pick<NewOrderLine, "quantity" | "unitCents">[]): number {
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
  return insertOrderLines(
    tx,
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
  );
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

/** Orders as the API shows them, each with its lines from `linesById` (an order missing there as it was). */
export function withOrderLines(
  shown: readonly Order[],
  linesById: ReadonlyMap<string, readonly OrderLineRow[]>,
): Order[] {
  return shown.map((order) => {
    const lines = linesById.get(order._id);
    return lines ? { ...order, lines: lines.map((line) => toOrderLine(line, order.currency)) } : order;
  });
}

/**
 * Orders as the API shows them, each with its lines read in one statement for all of them (an
 * order placed before lines were kept shows its plan's line, as everywhere).
 */
export async function readOrderLines(db: Database, shown: readonly Order[]): Promise<Order[]> {
  if (shown.length === 0) return [];
  const found = await linesOfOrdersWithIds(
    db,
    shown.map((order) => order._id),
  );
  const byOrder = new Map<string, OrderLineRow[]>();
  for (const { order, line } of found) {
    const lines = byOrder.get(order.id) ?? [];
    lines.push(line ?? planLineOf(order));
    byOrder.set(order.id, lines);
  }
  return withOrderLines(shown, byOrder);
}
