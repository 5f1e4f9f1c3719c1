import { isId } from "@agency/contract";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { files, leads, orderEvents, orders, payments, subscriptions } from "../db/schema.js";
import type { JobKind, JobPayloads, JobRow } from "./queue.js";

type OrderFacts = { number: number; email: string };

/** What the rows a job names say about it, looked up for a whole page of jobs at once. */
export type JobFacts = {
  order(id: string): OrderFacts | undefined;
  paymentOrder(id: string): OrderFacts | undefined;
  subscriptionOrder(id: string): OrderFacts | undefined;
  eventOrder(id: string): OrderFacts | undefined;
  lead(id: string): { email: string; kind: string } | undefined;
  fileName(id: string): string | undefined;
};

export type JobDescription = { label: string; to: string | null };

const forOrder = (order: OrderFacts | undefined) => (order ? ` for order #${order.number}` : "");
const leadKinds: Record<string, string> = {
  contact: "contact message",
  query: "website query",
  newsletter: "newsletter sign-up",
};

/**
 * How the admin's "Mail & jobs" page names each kind of job, and to whom it goes. The type asks
 * for every kind: a new one does not compile until it has its words here.
 */
export const jobDescriptions: {
  [K in JobKind]: (payload: JobPayloads[K], facts: JobFacts) => JobDescription;
} = {
  "mail.send": (mail) => ({ label: mail.subject || `E-mail to ${mail.to}`, to: mail.to }),
  "mail.order-placed": ({ orderId }, facts) => {
    const order = facts.order(orderId);
    return { label: `Order confirmation and owner notice${forOrder(order)}`, to: order?.email ?? null };
  },
  "mail.payment-received": ({ paymentId }, facts) => {
    const order = facts.paymentOrder(paymentId);
    return { label: `Receipt mail and owner notice${forOrder(order)}`, to: order?.email ?? null };
  },
  "mail.refund-issued": ({ paymentId }, facts) => {
    const order = facts.paymentOrder(paymentId);
    return { label: `Refund mail with its credit note${forOrder(order)}`, to: order?.email ?? null };
  },
  "mail.lead-received": ({ leadId }, facts) => {
    const lead = facts.lead(leadId);
    const what = lead ? `${leadKinds[lead.kind] ?? "message"} from ${lead.email}` : "new message";
    return { label: `Owner notice of a ${what}`, to: null };
  },
  "mail.newsletter-confirmation": ({ leadId }, facts) => ({
    label: "Newsletter confirmation mail",
    to: facts.lead(leadId)?.email ?? null,
  }),
  "subscription.renew": ({ subscriptionId, periodNumber, attempt }, facts) => {
    const order = facts.subscriptionOrder(subscriptionId);
    const retry = attempt > 1 ? `, try ${attempt}` : "";
    return {
      label: `Plan renewal${forOrder(order)} (period ${periodNumber}${retry})`,
      to: order?.email ?? null,
    };
  },
  "mail.subscription-payment-failed": ({ subscriptionId }, facts) => {
    const order = facts.subscriptionOrder(subscriptionId);
    return { label: `Failed renewal mail${forOrder(order)}`, to: order?.email ?? null };
  },
  "mail.subscription-canceled": ({ subscriptionId }, facts) => {
    const order = facts.subscriptionOrder(subscriptionId);
    return { label: `Cancellation mail and owner notice${forOrder(order)}`, to: order?.email ?? null };
  },
  "mail.subscription-ended": ({ subscriptionId }, facts) => {
    const order = facts.subscriptionOrder(subscriptionId);
    return { label: `Plan ended mail${forOrder(order)}`, to: order?.email ?? null };
  },
  "mail.order-state": ({ eventId }, facts) => {
    const order = facts.eventOrder(eventId);
    return { label: `Order update mail${forOrder(order)}`, to: order?.email ?? null };
  },
  "mail.order-messages": ({ orderId, recipient }, facts) => {
    const order = facts.order(orderId);
    return recipient === "customer"
      ? { label: `New messages mail${forOrder(order)}`, to: order?.email ?? null }
      : { label: `Owner notice of new messages${forOrder(order)}`, to: null };
  },
  "mail.order-assigned": ({ orderId }, facts) => ({
    label: `Assignment notice${forOrder(facts.order(orderId))}`,
    to: null,
  }),
  "mail.plan-price-changed": ({ subscriptionId }, facts) => {
    const order = facts.subscriptionOrder(subscriptionId);
    return { label: `Price change mail${forOrder(order)}`, to: order?.email ?? null };
  },
  "mail.sales-sent": ({ label, email }) => ({ label: `Mail of ${label} with its link`, to: email }),
  "mail.sales-answered": ({ label }) => ({ label: `Owner notice of the answer to ${label}`, to: null }),
  "sales.invoice-reminder": ({ label, email, which }) =>
    which === "overdue"
      ? { label: `Overdue notice of ${label} (the day after its due day)`, to: null }
      : {
          label: `Payment reminder for ${label} (${which === "before" ? "3 days before" : which === "due" ? "due day" : "3 days after"})`,
          to: email,
        },
  "file.discard-unattached": ({ fileId }, facts) => {
    const name = facts.fileName(fileId);
    return { label: name ? `Removal of the unused upload ${name}` : "Removal of an unused upload", to: null };
  },
  "order.due-check": ({ orderId }, facts) => ({
    label: `Due date check${forOrder(facts.order(orderId))}`,
    to: null,
  }),
  "mail.webhook-disabled": () => ({ label: "Owner notice of a webhook turned off", to: null }),
  "upkeep.prune": () => ({ label: "Removal of old records (daily upkeep)", to: null }),
  "upkeep.vacuum": () => ({ label: "Database vacuum (hourly upkeep)", to: null }),
  "automation.run": ({ orderId }, facts) => ({
    label: `A rule's actions${forOrder(facts.order(orderId))}`,
    to: null,
  }),
  "automation.approval-check": ({ orderId }, facts) => ({
    label: `Approval wait check${forOrder(facts.order(orderId))}`,
    to: null,
  }),
};

function isKnownKind(kind: string): kind is JobKind {
  return Object.hasOwn(jobDescriptions, kind);
}

/** Describes one job from what was looked up; a kind this version does not know keeps its name. */
export function describeJob(row: JobRow, facts: JobFacts): JobDescription {
  if (!isKnownKind(row.kind)) return { label: row.kind, to: null };
  const describe = jobDescriptions[row.kind] as (payload: unknown, facts: JobFacts) => JobDescription;
  return describe(row.payload, facts);
}

/** The ids a page of jobs names under one payload field (old or odd payloads are skipped). */
function idsOf(rows: JobRow[], field: string): string[] {
  const ids = rows.map((row) => (row.payload as Record<string, unknown>)[field]);
  return [...new Set(ids.filter((id): id is string => typeof id === "string" && isId(id)))];
}

/** Looks up, in one query per table, the orders, leads and files a page of jobs names. */
export async function lookUpJobFacts(db: Database, rows: JobRow[]): Promise<JobFacts> {
  const orderFacts = { number: orders.number, email: orders.email };
  const [byOrder, byPayment, bySubscription, byEvent, byLead, byFile] = await Promise.all([
    lookUp(idsOf(rows, "orderId"), (ids) =>
      db
        .select({ id: orders.id, ...orderFacts })
        .from(orders)
        .where(inArray(orders.id, ids)),
    ),
    lookUp(idsOf(rows, "paymentId"), (ids) =>
      db
        .select({ id: payments.id, number: orders.number, email: payments.email })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(inArray(payments.id, ids)),
    ),
    lookUp(idsOf(rows, "subscriptionId"), (ids) =>
      db
        .select({ id: subscriptions.id, ...orderFacts })
        .from(subscriptions)
        .innerJoin(orders, eq(orders.id, subscriptions.orderId))
        .where(inArray(subscriptions.id, ids)),
    ),
    lookUp(idsOf(rows, "eventId"), (ids) =>
      db
        .select({ id: orderEvents.id, ...orderFacts })
        .from(orderEvents)
        .innerJoin(orders, eq(orders.id, orderEvents.orderId))
        .where(inArray(orderEvents.id, ids)),
    ),
    lookUp(idsOf(rows, "leadId"), (ids) =>
      db
        .select({ id: leads.id, email: leads.email, kind: leads.kind })
        .from(leads)
        .where(inArray(leads.id, ids)),
    ),
    lookUp(idsOf(rows, "fileId"), (ids) =>
      db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, ids)),
    ),
  ]);
  return {
    order: (id) => byOrder.get(id),
    paymentOrder: (id) => byPayment.get(id),
    subscriptionOrder: (id) => bySubscription.get(id),
    eventOrder: (id) => byEvent.get(id),
    lead: (id) => byLead.get(id),
    fileName: (id) => byFile.get(id)?.name,
  };
}

async function lookUp<Row extends { id: string }>(
  ids: string[],
  query: (ids: string[]) => Promise<Row[]>,
): Promise<Map<string, Row>> {
  if (ids.length === 0) return new Map();
  return new Map((await query(ids)).map((row) => [row.id, row]));
}
