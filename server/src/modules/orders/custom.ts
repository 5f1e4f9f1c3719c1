import type { Database } from "../../db/client.js";
import { emitDomainEvent } from "../../events.js";
import type { PaymentProvider } from "../../payment-providers/provider.js";
import { placeCustomerInCompany } from "./company.js";
import { orderLinesTotalCents, writeOrderLines } from "./lines.js";
import {
  deleteOrderWhileUnpaid,
  insertOrderRow,
  lockOrderRows,
  paidOfOrder,
  paymentOfOrder,
  paymentsOfOrders,
} from "./queries/orders.js";

/** One line of custom work, as the quote or invoice priced it. */
type CustomOrderLine = {
  description: string;
  quantity: number;
  unitCents: number;
  /** Charged again with every renewal of the order's subscription. */
  recurring: boolean;
};

/**
 * Custom work sold by a quote or invoice: an order without a plan, unpaid until its card payment
 * goes through the usual payment calls, which then submit it to the team (`order.paid`).
 */
export type CustomOrder = {
  userId: string;
  email: string;
  name: string;
  /** What the order is for, as lists and the board show it. */
  service: string;
  /** How often the recurring lines renew (its subscription starts with the payment); null: none do. */
  interval: "monthly" | "yearly" | null;
  /** The currency the lines were priced in; the payment is taken in it. */
  currency: string;
  lines: readonly CustomOrderLine[];
  createdAt: Date;
};

/**
 * Writes the unpaid order and its lines (kind "custom") in the caller's transaction, announces it
 * (`order.created`) and answers its id. Its first payment is every line once; each renewal charges the recurring lines.
 */
export async function placeCustomOrder(tx: Database, order: CustomOrder): Promise<string> {
  const priceCents = orderLinesTotalCents(order.lines);
  const recurring = order.lines.filter((line) => line.recurring);
  await placeCustomerInCompany(tx, order.userId);
  const row = await insertOrderRow(tx, {
    userId: order.userId,
    email: order.email,
    name: order.name,
    service: order.service,
    serviceDuration: order.interval && recurring.length > 0 ? order.interval : "one-time",
    planId: null,
    priceCents,
    listPriceCents: priceCents,
    currency: order.currency,
    renewalPriceCents: order.interval && recurring.length > 0 ? orderLinesTotalCents(recurring) : null,
    // Custom work is arranged by mail; the customer's number is asked for nowhere else.
    phone: "",
    createdAt: order.createdAt,
  });
  if (!row) throw new Error("The custom order was not written.");
  const lines = await writeOrderLines(
    tx,
    row.id,
    order.lines.map((line) => ({ kind: "custom" as const, ...line })),
  );
  // Placed like any other order: the same event, with the order and its lines as written.
  await emitDomainEvent(tx, "order.created", { orders: [{ id: row.id, row, lines }] });
  return row.id;
}

/**
 * What the provider says of these orders' payments, asked before the transaction that may discard
 * them (`discardUnpaidOrder`): the payment each unpaid one had opened, and whether any of those is
 * succeeding or still processing (its webhook may not have arrived yet).
 */
export type UnpaidOrdersChecked = { underway: boolean; intents: Map<string, string | null> };

export async function checkUnpaidOrders(
  db: Database,
  provider: Pick<PaymentProvider, "retrieveIntent">,
  ids: string[],
): Promise<UnpaidOrdersChecked> {
  const checked: UnpaidOrdersChecked = { underway: false, intents: new Map() };
  if (ids.length === 0) return checked;
  const rows = await paymentsOfOrders(db, ids);
  for (const row of rows) {
    if (row.paid) continue;
    checked.intents.set(row.id, row.paymentIntentId);
    const intent = row.paymentIntentId ? await provider.retrieveIntent(row.paymentIntentId) : undefined;
    if (intent && (intent.status === "succeeded" || intent.status === "processing")) checked.underway = true;
  }
  return checked;
}

/**
 * A sale that was voided or replaced takes its unpaid order with it, so that order can no longer
 * be paid. It stays when its payment was found under way, or when a payment was opened since it
 * was checked (`checkUnpaidOrders`): deleting it could lose a payment that was taken. Call it with
 * the order's row locked (`lockOrders`).
 */
export async function discardUnpaidOrder(
  tx: Database,
  orderId: string,
  checked: UnpaidOrdersChecked,
): Promise<"discarded" | "underway" | "paid" | "gone"> {
  const row = await paymentOfOrder(tx, orderId);
  if (!row) return "gone";
  if (row.paid) return "paid";
  const seen = checked.intents.get(orderId);
  if (checked.underway || seen === undefined || seen !== row.paymentIntentId) return "underway";
  await deleteOrderWhileUnpaid(tx, orderId);
  return "discarded";
}

/** Locks these orders' rows (in one order, so two callers never wait on each other in a circle). */
export async function lockOrders(tx: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await lockOrderRows(tx, ids);
}

/** Whether a sale's order is still unpaid (its payment may go on), paid, or was deleted. */
export async function paymentStateOfOrder(
  tx: Database,
  orderId: string,
): Promise<"unpaid" | "paid" | "gone"> {
  const row = await paidOfOrder(tx, orderId);
  if (!row) return "gone";
  return row.paid ? "paid" : "unpaid";
}
