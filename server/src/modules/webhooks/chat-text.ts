import {
  formatMajorMoney,
  formatOrderNumber,
  type Lead,
  type Order,
  type Subscription,
  type WebhookOrderAssignment,
  type WebhookSalesDocument,
} from "@agency/contract";
import type { Database } from "../../db/client.js";
import { formatDate } from "../../mail/format.js";
import { shopMoney } from "../catalog/index.js";
import { orderNamedInNotice } from "./queries/events.js";

/**
 * An order's price in its own currency, as the order carries it (webhooks carry the whole order),
 * written in the shop's money locale.
 */
const price = (order: Order, locale: string) =>
  order.currentPrice === undefined
    ? "price not shown"
    : formatMajorMoney(order.currentPrice, order.currency, locale);
const plan = (order: { service: string; serviceDuration: string }) =>
  `${order.service} (${order.serviceDuration})`;

const dayText = (day: string) => formatDate(new Date(`${day}T00:00:00Z`));

/** A quote or invoice as a notice names it: its label, its total and its customer. */
function sale(doc: WebhookSalesDocument, locale: string) {
  const who = doc.name ? `${doc.name} <${doc.email}>` : doc.email;
  const what = `${doc.kind === "quote" ? "Quote" : "Invoice"} ${doc.label}`;
  return { what, who, total: formatMajorMoney(doc.total, doc.currency, locale) };
}

/**
 * What a chat is told of an event, in a line or two a person reads: the owner's notices of new
 * orders, payments, cancellations, leads, overdue work, assignments, quotes and invoices sent and
 * invoices overdue, with a link to the dashboard.
 */
export async function chatText(db: Database, publicUrl: string, body: string): Promise<string> {
  const { type, data } = JSON.parse(body) as { type: string; data: unknown };
  const orderLink = (id: string) => `${publicUrl}/dashboard/admin/orders/${id}`;
  // The team's page of a quote or invoice, never the customer's link (it carries a token).
  const salesLink = (id: string) => `${publicUrl}/dashboard/admin/sales/${id}`;
  const { locale } = await shopMoney(db);
  switch (type) {
    case "order.created": {
      const order = data as Order;
      return `New order ${formatOrderNumber(order.number)}: ${plan(order)}, ${price(order, locale)}, by ${order.name} <${order.email}>\n${orderLink(order._id)}`;
    }
    case "order.paid": {
      const order = data as Order;
      return `Payment received for order ${formatOrderNumber(order.number)}: ${price(order, locale)} for ${plan(order)} from ${order.name}\n${orderLink(order._id)}`;
    }
    case "rule.notice": {
      const notice = data as { text: string; orderId: string };
      return `${notice.text}\n${orderLink(notice.orderId)}`;
    }
    case "order.overdue": {
      const order = data as Order;
      const due = order.dueAt ? ` (due ${formatDate(new Date(order.dueAt))})` : "";
      return `Order ${formatOrderNumber(order.number)} is overdue${due}: ${plan(order)} for ${order.name}\n${orderLink(order._id)}`;
    }
    case "subscription.renewed":
    case "subscription.cancelled": {
      const subscription = data as Subscription;
      const order = await orderNamedInNotice(db, subscription.orderId);
      const number = order ? formatOrderNumber(order.number) : "an order";
      const what = order ? ` ${plan(order)} for ${order.name}` : "";
      const until = formatDate(new Date(subscription.currentPeriodEnd));
      return type === "subscription.renewed"
        ? `Plan renewed on order ${number}:${what}, paid until ${until}\n${orderLink(subscription.orderId)}`
        : `Cancellation on order ${number}:${what} ends on ${until}\n${orderLink(subscription.orderId)}`;
    }
    case "order.assigned": {
      const assignment = data as WebhookOrderAssignment;
      const order = await orderNamedInNotice(db, assignment.orderId);
      const what = order ? `: ${plan(order)} for ${order.name}` : "";
      const change = assignment.assignee ? `assigned to ${assignment.assignee.name}` : "unassigned";
      return `Order ${formatOrderNumber(assignment.number)} ${change} by ${assignment.assignedBy.name}${what}\n${orderLink(assignment.orderId)}`;
    }
    case "quote.sent":
    case "invoice.sent": {
      const doc = data as WebhookSalesDocument;
      const { what, who, total } = sale(doc, locale);
      const until = doc.kind === "quote" ? doc.validUntil : doc.dueDate;
      const day = until ? `, ${doc.kind === "quote" ? "valid until" : "due"} ${dayText(until)}` : "";
      return `${what} sent to ${who}: ${total}${day}\n${salesLink(doc._id)}`;
    }
    case "invoice.overdue": {
      const doc = data as WebhookSalesDocument;
      const { what, who, total } = sale(doc, locale);
      const due = doc.dueDate ? ` (due ${dayText(doc.dueDate)})` : "";
      return `${what} is overdue${due}: ${total} from ${who}\n${salesLink(doc._id)}`;
    }
    case "lead.received": {
      const lead = data as Lead;
      const who = lead.name ? `${lead.name} <${lead.email}>` : lead.email;
      const what =
        lead.kind === "query" ? `Website query from ${who}: ${lead.website ?? ""}` : `Message from ${who}`;
      const message = lead.message ? `\n> ${lead.message.slice(0, 500).replace(/\n/g, "\n> ")}` : "";
      return `${what}${message}\n${publicUrl}/dashboard/admin/leads`;
    }
    default:
      return `${type}`;
  }
}
