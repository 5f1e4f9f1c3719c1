import { onDomainEvent } from "../events.js";
import { submitPaidOrder } from "./orders/index.js";

let wired = false;

/**
 * Which module acts on which other module's events. Called by the app and the worker before they
 * serve anything; once per process.
 */
export function wireModules(): void {
  if (wired) return;
  wired = true;
  // Billing records the payment; the order's work starts ("submitted") in the same transaction.
  onDomainEvent("order.paid", (tx, { order }) => submitPaidOrder(tx, order));
}
