import { z } from "zod";
import { numberedPageQuery } from "./common.js";
import { ClientRoleSchema } from "./companies.js";
import { Lead } from "./leads.js";
import { Order } from "./orders.js";
import { Payment } from "./payments.js";
import { Subscription } from "./subscriptions.js";
import { Message } from "./workflow.js";

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

/** What an endpoint may subscribe to. `<object>.<what happened>`, as Standard Webhooks names them. */
export const webhookEventTypes = [
  "order.created",
  "order.paid",
  "order.state_changed",
  "message.posted",
  "subscription.renewed",
  "subscription.cancelled",
  "subscription.past_due",
  "refund.issued",
  "lead.received",
  "quote.accepted",
  "invoice.paid",
  "order.assigned",
  "quote.sent",
  "invoice.sent",
  "invoice.overdue",
  "company.created",
  "company.person_added",
  "payment.recorded",
  "company.person_removed",
] as const;
export const WebhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** How the dashboard and the API document name each event. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  "order.created": "An order was placed",
  "order.paid": "An order was paid",
  "order.state_changed": "An order's work moved to another state",
  "message.posted": "A message was posted on an order's thread (internal notes are not sent)",
  "subscription.renewed": "A plan renewed: its next period was paid",
  "subscription.cancelled": "A customer cancelled a plan's renewals",
  "subscription.past_due": "A renewal's payment was declined; it is retried",
  "refund.issued": "Money was given back (a negative payment)",
  "payment.recorded":
    "Money was booked for a quote or invoice: a transfer or cash the agency recorded, or an invoice paid by card",
  "lead.received": "A contact message or website query arrived",
  "quote.accepted": "A customer accepted a quote",
  "invoice.paid": "An invoice was paid",
  "order.assigned": "An order was given to a team member (or taken from one)",
  "quote.sent": "A quote, or a revision of it, was sent to its customer",
  "invoice.sent": "An invoice, or a revision of it, was sent to its customer",
  "invoice.overdue": "An invoice passed its due day unpaid (once per invoice)",
  "company.created": "A client company was made (a customer's first order makes a company of one)",
  "company.person_added": "A person joined a client company",
  "company.person_removed": "A person was removed from a client company",
};

/** A message as the order's thread shows it, with the order it was posted on. */
export const WebhookMessage = Message.extend({ orderId: z.string() }).meta({ id: "WebhookMessage" });
export type WebhookMessage = z.infer<typeof WebhookMessage>;

/** A quote or invoice as its customer sees it, at the moment of the event. */
export const WebhookSalesDocument = z
  .object({
    _id: z.string(),
    kind: z.enum(["quote", "invoice"]),
    number: z.string().nullable(),
    revision: z.number().int().positive(),
    label: z.string(),
    state: z.string(),
    email: z.string(),
    name: z.string(),
    /** The customer's account, once the address has one (null before they sign up). */
    customerId: z.string().nullable(),
    currency: z.string(),
    total: z.number().nonnegative(),
    /** A quote's last valid day (null for an invoice). */
    validUntil: z.string().nullable(),
    /** An invoice's due day (null for a quote). */
    dueDate: z.string().nullable(),
    acceptedAt: z.string().nullable(),
    paidAt: z.string().nullable(),
    orderId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "WebhookSalesDocument" });
export type WebhookSalesDocument = z.infer<typeof WebhookSalesDocument>;

/** A team member as an assignment names them. */
const WebhookMember = z.object({ id: z.string(), name: z.string() });

/** Who an order was given to (null: taken from its member, nobody now) and by whom. */
export const WebhookOrderAssignment = z
  .object({
    orderId: z.string(),
    /** The order's number (written "#1001" by `formatOrderNumber`). */
    number: z.number().int(),
    assignee: WebhookMember.nullable(),
    /** The member (or the API key's member) who made the change. */
    assignedBy: WebhookMember,
  })
  .meta({ id: "WebhookOrderAssignment" });
export type WebhookOrderAssignment = z.infer<typeof WebhookOrderAssignment>;

/** The client company an order belongs to, by id and name (null: a team member's own order). */
const WebhookCompanyRef = z.object({ id: z.string(), name: z.string() });

/** An order as the API shows it, with the client company it belongs to. */
export const WebhookOrder = Order.extend({ company: WebhookCompanyRef.nullable() }).meta({
  id: "WebhookOrder",
});
export type WebhookOrder = z.infer<typeof WebhookOrder>;

/** A client company when it was made. */
export const WebhookCompany = z
  .object({
    id: z.string(),
    name: z.string(),
    billingEmail: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "WebhookCompany" });
export type WebhookCompany = z.infer<typeof WebhookCompany>;

/** A person who joined or left a client company, with their client role (the one they had, when removed). */
export const WebhookCompanyPerson = z
  .object({
    company: WebhookCompanyRef,
    person: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: ClientRoleSchema,
    }),
  })
  .meta({ id: "WebhookCompanyPerson" });
export type WebhookCompanyPerson = z.infer<typeof WebhookCompanyPerson>;

/**
 * Each event's `data`: the object as the API's own responses shape it, as it was when the event
 * happened.
 */
export const webhookEventData = {
  "order.created": WebhookOrder,
  "order.paid": WebhookOrder,
  "order.state_changed": WebhookOrder,
  "message.posted": WebhookMessage,
  "subscription.renewed": Subscription,
  "subscription.cancelled": Subscription,
  "subscription.past_due": Subscription,
  "refund.issued": Payment,
  "payment.recorded": Payment,
  "lead.received": Lead,
  "quote.accepted": WebhookSalesDocument,
  "invoice.paid": WebhookSalesDocument,
  "order.assigned": WebhookOrderAssignment,
  "quote.sent": WebhookSalesDocument,
  "invoice.sent": WebhookSalesDocument,
  "invoice.overdue": WebhookSalesDocument,
  "company.created": WebhookCompany,
  "company.person_added": WebhookCompanyPerson,
  "company.person_removed": WebhookCompanyPerson,
} satisfies Record<WebhookEventType, z.ZodType>;
export type WebhookEventData = { [K in WebhookEventType]: z.infer<(typeof webhookEventData)[K]> };

/**
 * The body of one delivery. `id` is the event's (the `webhook-id` header too): a delivery sent
 * again, after a failure or by "Resend", carries the same id, so receivers can drop duplicates.
 */
export function webhookEventBody<K extends WebhookEventType>(type: K) {
  return z.object({
    id: z.string(),
    type: z.literal(type),
    /** When the event happened (ISO 8601). */
    timestamp: z.string(),
    data: webhookEventData[type],
  });
}
/** The name each event's body has among the API document's schemas: "OrderCreatedEvent". */
export function webhookEventSchemaId(type: WebhookEventType): string {
  const words = type.split(/[._]/).map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${words.join("")}Event`;
}

/** Each event's body, named so the API document lists it (see `webhooks` in /api/docs). */
export const webhookEventBodies = Object.fromEntries(
  webhookEventTypes.map((type) => [
    type,
    webhookEventBody(type).meta({ id: webhookEventSchemaId(type), description: webhookEventLabels[type] }),
  ]),
) as { [K in WebhookEventType]: ReturnType<typeof webhookEventBody<K>> };

export type WebhookEventBody<K extends WebhookEventType = WebhookEventType> = {
  id: string;
  type: K;
  timestamp: string;
  data: WebhookEventData[K];
};

/** What a chat endpoint is told of: the owner's notices. */
export const chatNoticeTypes = [
  "order.created",
  "order.paid",
  "subscription.renewed",
  "subscription.cancelled",
  "lead.received",
  "order.overdue",
  "order.assigned",
  "quote.sent",
  "invoice.sent",
  "invoice.overdue",
  "rule.notice",
] as const;
export type ChatNoticeType = (typeof chatNoticeTypes)[number];

// ─── Endpoints ───────────────────────────────────────────────────────────────────────────────────

/** `webhook`: signed JSON events; `chat`: readable notices for a chat's incoming webhook. */
export const WebhookEndpointKind = z.enum(["webhook", "chat"]);
export type WebhookEndpointKind = z.infer<typeof WebhookEndpointKind>;

export const webhookMessages = {
  urlInvalid: "Enter a full http:// or https:// address.",
  urlPrivate: "This address is on a private network. The shop only calls public addresses.",
  urlUnresolvable: "The address's host name was not found.",
  eventsRequired: "Tick at least one event.",
  created: "Endpoint added.",
  saved: "Endpoint saved.",
  deleted: "Endpoint removed.",
  resent: "Sent again.",
  disabledAfterFailures: "Every delivery failed for a day, so the shop stopped sending to it.",
  seesTooLittle:
    "An endpoint sends every customer's orders, money and contact details out of the shop: only a member who sees every order, money and customers may add or change one.",
} as const;

/** http:// or https://, a host, and no spaces (the server parses it again before saving it). */
const webhookUrl = z
  .string({ error: webhookMessages.urlInvalid })
  .trim()
  .max(2000)
  .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, webhookMessages.urlInvalid);

export const CreateWebhookEndpointBody = z
  .object({
    kind: WebhookEndpointKind.default("webhook"),
    url: webhookUrl,
    description: z.string().trim().max(200).default(""),
    /** A chat endpoint gets every owner notice; a webhook at least one event. */
    events: z.array(WebhookEventType).max(webhookEventTypes.length).default([]),
  })
  .refine((body) => body.kind === "chat" || body.events.length > 0, {
    message: webhookMessages.eventsRequired,
    path: ["events"],
  });
export type CreateWebhookEndpointBody = z.input<typeof CreateWebhookEndpointBody>;

/** Any of these; `enabled: true` turns a disabled endpoint on again (its failures forgotten). */
export const UpdateWebhookEndpointBody = z.object({
  url: webhookUrl.optional(),
  description: z.string().trim().max(200).optional(),
  events: z.array(WebhookEventType).max(webhookEventTypes.length).optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointBody = z.input<typeof UpdateWebhookEndpointBody>;

export const WebhookEndpoint = z
  .object({
    _id: z.string(),
    kind: WebhookEndpointKind,
    url: z.string(),
    description: z.string(),
    events: z.array(WebhookEventType),
    enabled: z.boolean(),
    /** Why it stopped (every delivery failed for a day), when it did. */
    disabledAt: z.string().nullable(),
    disabledReason: z.string().nullable(),
    /** Since when every attempt failed; null while deliveries succeed. */
    failingSince: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** The answer to adding a webhook: its signing secret, shown this once (null for a chat). */
export const CreatedWebhookEndpoint = WebhookEndpoint.extend({ secret: z.string().nullable() });
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpoint>;

export const WebhookEndpointList = z.object({ endpoints: z.array(WebhookEndpoint) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

// ─── Deliveries ──────────────────────────────────────────────────────────────────────────────────

/** pending: not yet delivered (waiting for its turn or its next attempt); failed: given up. */
export const WebhookDeliveryStatus = z.enum(["pending", "delivered", "failed"]);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

export const WebhookDelivery = z
  .object({
    _id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    status: WebhookDeliveryStatus,
    attempts: z.number().int().nonnegative(),
    /** The last attempt's HTTP status; null when there was no answer (or no attempt yet). */
    responseStatus: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    error: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveriesQuery = numberedPageQuery({ size: 20, maxSize: 100 });
export type WebhookDeliveriesQuery = z.input<typeof WebhookDeliveriesQuery>;

export const WebhookDeliveryList = z.object({
  deliveries: z.array(WebhookDelivery),
  total: z.number().int().nonnegative(),
});
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
