import { onDomainEvent } from "../events.js";
import { renewOrderPeriod, submitPaidOrder } from "./orders/index.js";
import { salesOrderPaid } from "./sales/index.js";

let wired = false;

/**
 * Which module acts on which other module's events. Called by the app and the worker before they
 * serve anything; once per process.
 */
export function wireModules(): void {
  if (wired) return;
  wired = true;
  // Billing records the payment; the order's work starts ("submitted") in the same transaction.
  onDomainEvent("order.paid", (tx, { order, paidAt }) => submitPaidOrder(tx, order, paidAt));
  // ...and when the order was a quote's or an invoice's, that one is paid with it.
  onDomainEvent("order.paid", (tx, event) => salesOrderPaid(tx, event));
  // Billing records a renewal; the order's next work period is recorded in the same transaction,
  // and opens ("submitted" again) once the previous period's work is complete.
  onDomainEvent("subscription.renewed", (tx, event) => renewOrderPeriod(tx, event));
}
