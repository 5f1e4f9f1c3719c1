import { onDomainEvent } from "../events.js";
import { invoiceOverdueEvent, ruleEvent } from "./automations/index.js";
import { forgetPayer, paymentView, subscriptionsOfOrders } from "./billing/index.js";
import {
  companyView,
  forgetCompanyPerson,
  joinedPersonView,
  removedPersonView,
  withCompaniesOfOrders,
} from "./companies/index.js";
import { forgetLeadSender, leadView } from "./leads/index.js";
import { forgetMessageAuthor, messageView } from "./messages/index.js";
import {
  forgetOrderCustomer,
  keepPaymentIntent,
  markOrderEnded,
  markOrderPaid,
  ordersByIds,
  ordersWithSubscriptions,
  readOrderLines,
  renewOrderPeriod,
  submitPaidOrder,
  withOrderLines,
} from "./orders/index.js";
import { forgetReviewer } from "./reviews/index.js";
import {
  forgetSalesCustomer,
  salesDocumentView,
  salesOrderPaid,
  salesPaymentRecorded,
} from "./sales/index.js";
import { announce, objectKey } from "./webhooks/index.js";

let wired = false;

/** A subscription as the API shows it, by its order (one a subscription belongs to). */
const subscriptionOf = async (tx: Parameters<typeof subscriptionsOfOrders>[0], orderId: string) =>
  [(await subscriptionsOfOrders(tx, [orderId])).get(orderId)].filter((found) => found !== undefined);

/**
 * Which module acts on which other module's events. Called by the app and the worker before they
 * serve anything; once per process.
 */
export function wireModules(): void {
  if (wired) return;
  wired = true;
  const order = (id: string) => objectKey.order(id);
  // Billing opens and records payments and ends subscriptions; the order's row keeps each fact.
  // Marked paid before anything else hears of the payment, so every handler below sees it paid.
  onDomainEvent("order.paid", markOrderPaid);
  onDomainEvent("payment.opened", keepPaymentIntent);
  onDomainEvent("subscription.ended", markOrderEnded);
  // The payment is announced first (webhooks below), then the work it starts.
  onDomainEvent("order.paid", (tx, event) =>
    announce(tx, "order.paid", [order(event.order.id)], async () =>
      withCompaniesOfOrders(tx, await readOrderLines(tx, await ordersByIds(tx, [event.order.id]))),
    ),
  );
  // Billing records the payment; the order's work starts ("submitted") in the same transaction.
  onDomainEvent("order.paid", (tx, { order, paidAt }) => submitPaidOrder(tx, order, paidAt));
  // ...and when the order was a quote's or an invoice's, that one is paid with it.
  onDomainEvent("order.paid", (tx, event) => salesOrderPaid(tx, event));
  // Billing records a renewal; the order's next work period is recorded in the same transaction,
  // and opens ("submitted" again) once the previous period's work is complete.
  onDomainEvent("subscription.renewed", (tx, event) => renewOrderPeriod(tx, event));
  // A deleted account: each module that keeps the person's data replaces or removes it, in the
  // deletion's transaction.
  for (const forget of [
    forgetOrderCustomer,
    forgetPayer,
    forgetReviewer,
    forgetMessageAuthor,
    forgetSalesCustomer,
    forgetLeadSender,
    forgetCompanyPerson,
  ]) {
    onDomainEvent("account.erased", forget);
  }

  // Webhooks and chat notices: each event is queued for the endpoints that want it, in the
  // transaction of its cause, with its object as the API shows it then. Events of one order
  // (its payments, subscription, messages and refunds too) are delivered in order.
  onDomainEvent("order.created", (tx, { orders }) =>
    announce(
      tx,
      "order.created",
      orders.map(({ id }) => order(id)),
      // The orders and their lines as written travel with the event: only their companies are read.
      async () =>
        withCompaniesOfOrders(
          tx,
          withOrderLines(
            await ordersWithSubscriptions(
              tx,
              orders.map(({ row }) => row),
            ),
            new Map(orders.map(({ id, lines }) => [id, lines])),
          ),
        ),
    ),
  );
  onDomainEvent("order.assigned", (tx, { order: assigned, assignee, assignedBy }) =>
    announce(tx, "order.assigned", [order(assigned.id)], async () => [
      { orderId: assigned.id, number: assigned.number, assignee, assignedBy },
    ]),
  );
  onDomainEvent("order.state_changed", (tx, event) =>
    announce(tx, "order.state_changed", [order(event.order.id)], async () =>
      withCompaniesOfOrders(tx, await ordersByIds(tx, [event.order.id])),
    ),
  );
  onDomainEvent("order.overdue", (tx, event) =>
    announce(tx, "order.overdue", [order(event.order.id)], () => ordersByIds(tx, [event.order.id], "team")),
  );
  onDomainEvent("message.posted", async (tx, { message }) => {
    // Internal notes stay with the team.
    if (message.internal) return;
    await announce(tx, "message.posted", [order(message.orderId)], () => messageView(tx, message.id));
  });
  onDomainEvent("subscription.renewed", (tx, event) =>
    announce(tx, "subscription.renewed", [order(event.order.id)], () => subscriptionOf(tx, event.order.id)),
  );
  onDomainEvent("subscription.cancelled", (tx, { subscription }) =>
    announce(tx, "subscription.cancelled", [order(subscription.orderId)], () =>
      subscriptionOf(tx, subscription.orderId),
    ),
  );
  onDomainEvent("subscription.past_due", (tx, { subscription }) =>
    announce(tx, "subscription.past_due", [order(subscription.orderId)], () =>
      subscriptionOf(tx, subscription.orderId),
    ),
  );
  onDomainEvent("refund.issued", (tx, { payment }) =>
    announce(
      tx,
      "refund.issued",
      [payment.orderId ? order(payment.orderId) : objectKey.sales(payment.salesDocumentId ?? payment.id)],
      () => paymentView(tx, payment.id),
    ),
  );
  onDomainEvent("lead.received", (tx, { lead }) =>
    announce(tx, "lead.received", [objectKey.lead(lead.id)], () => leadView(tx, lead.id)),
  );
  onDomainEvent("quote.accepted", (tx, { quote, acceptedAt }) =>
    announce(tx, "quote.accepted", [objectKey.sales(quote.id)], () =>
      salesDocumentView(tx, quote.id, acceptedAt),
    ),
  );
  onDomainEvent("quote.sent", (tx, { quote, sentAt }) =>
    announce(tx, "quote.sent", [objectKey.sales(quote.id)], () => salesDocumentView(tx, quote.id, sentAt)),
  );
  onDomainEvent("invoice.sent", (tx, { invoice, sentAt }) =>
    announce(tx, "invoice.sent", [objectKey.sales(invoice.id)], () =>
      salesDocumentView(tx, invoice.id, sentAt),
    ),
  );
  onDomainEvent("invoice.overdue", (tx, { invoice, at }) =>
    announce(tx, "invoice.overdue", [objectKey.sales(invoice.id)], () =>
      salesDocumentView(tx, invoice.id, at),
    ),
  );
  onDomainEvent("company.created", (tx, { company }) =>
    announce(tx, "company.created", [objectKey.company(company.id)], () => companyView(tx, company.id)),
  );
  onDomainEvent("company.person_added", (tx, { company, person }) =>
    announce(tx, "company.person_added", [objectKey.company(company.id)], () =>
      joinedPersonView(tx, company.id, person.id),
    ),
  );
  onDomainEvent("company.person_removed", (tx, { company, person }) =>
    announce(tx, "company.person_removed", [objectKey.company(company.id)], () =>
      removedPersonView(tx, company.id, person),
    ),
  );
  // The payment is announced first, then the invoice it settles (`invoice.paid` once in full).
  onDomainEvent("payment.recorded", async (tx, event) => {
    await announce(tx, "payment.recorded", [objectKey.sales(event.invoice.id)], () =>
      paymentView(tx, event.payment.id),
    );
    await salesPaymentRecorded(tx, event);
  });
  // The rules that assign and remind hear these events of an order (docs/features.md).
  onDomainEvent("order.paid", (tx, { order: paid, transactionId, paidAt }) =>
    ruleEvent(tx, "order_paid", paid.id, `paid:${paid.id}:${transactionId}`, paidAt),
  );
  onDomainEvent("brief.submitted", (tx, { order: briefed, at }) =>
    ruleEvent(tx, "brief_submitted", briefed.id, `brief:${briefed.id}:${at.toISOString()}`, at),
  );
  onDomainEvent("order.state_changed", async (tx, { order: moved, to }) => {
    if (to !== "delivered") return;
    const at = new Date();
    await ruleEvent(tx, "delivered", moved.id, `delivered:${moved.id}:${at.toISOString()}`, at);
    await ruleEvent(tx, "approval_waiting", moved.id, `delivered:${moved.id}:${at.toISOString()}`, at);
  });
  onDomainEvent("subscription.renewed", (tx, { order: renewed, period }) =>
    ruleEvent(
      tx,
      "subscription_renewed",
      renewed.id,
      `renewed:${renewed.id}:${period.start.toISOString()}`,
      period.start,
    ),
  );
  onDomainEvent("invoice.overdue", (tx, { invoice, at }) => invoiceOverdueEvent(tx, invoice.id, at));
  onDomainEvent("invoice.paid", (tx, { invoice, paidAt }) =>
    announce(tx, "invoice.paid", [objectKey.sales(invoice.id)], () =>
      salesDocumentView(tx, invoice.id, paidAt),
    ),
  );
}
