import {
  formatMajorMoney,
  formatOrderNumber,
  type Lead,
  type Order,
  type Subscription,
} from "@agency/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { formatDate } from "../../mail/format.js";

/** An order's price in its own currency, as the order carries it. */
const price = (order: Order) => formatMajorMoney(order.currentPrice, order.currency);
const plan = (order: { service: string; serviceDuration: string }) =>
  `${order.service} (${order.serviceDuration})`;

/** The order a subscription belongs to, as the notice names it. */
async function orderOf(db: Database, orderId: string) {
  const [order] = await db
    .select({
      number: orders.number,
      service: orders.service,
      serviceDuration: orders.serviceDuration,
      name: orders.name,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/**
 * What a chat is told of an event, in a line or two a person reads: the owner's notices of new
 * orders, payments, cancellations, leads and overdue work, with a link to the dashboard.
 */
export async function chatText(db: Database, publicUrl: string, body: string): Promise<string> {
  const { type, data } = JSON.parse(body) as { type: string; data: unknown };
  const orderLink = (id: string) => `${publicUrl}/dashboard/admin/orders/${id}`;
  switch (type) {
    case "order.created": {
      const order = data as Order;
      return `New order ${formatOrderNumber(order.number)}: ${plan(order)}, ${price(order)}, by ${order.name} <${order.email}>\n${orderLink(order._id)}`;
    }
    case "order.paid": {
      const order = data as Order;
      return `Payment received for order ${formatOrderNumber(order.number)}: ${price(order)} for ${plan(order)} from ${order.name}\n${orderLink(order._id)}`;
    }
    case "order.overdue": {
      const order = data as Order;
      const due = order.dueAt ? ` (due ${formatDate(new Date(order.dueAt))})` : "";
      return `Order ${formatOrderNumber(order.number)} is overdue${due}: ${plan(order)} for ${order.name}\n${orderLink(order._id)}`;
    }
    case "subscription.renewed":
    case "subscription.cancelled": {
      const subscription = data as Subscription;
      const order = await orderOf(db, subscription.orderId);
      const number = order ? formatOrderNumber(order.number) : "an order";
      const what = order ? ` ${plan(order)} for ${order.name}` : "";
      const until = formatDate(new Date(subscription.currentPeriodEnd));
      return type === "subscription.renewed"
        ? `Plan renewed on order ${number}:${what}, paid until ${until}\n${orderLink(subscription.orderId)}`
        : `Cancellation on order ${number}:${what} ends on ${until}\n${orderLink(subscription.orderId)}`;
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
