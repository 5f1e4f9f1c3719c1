import type { ClientRole } from "@agency/contract";
import type { Database } from "./db/client.js";
import type { orderLines, orders } from "./db/schema.js";

/** A quote or invoice as its events name it (a revision: `number` is its series'). */
type SalesDocumentFacts = {
  id: string;
  number: string;
  revision: number;
  email: string;
  /** The customer's account, when the address has one. */
  userId: string | null;
  totalCents: number;
  currency: string;
};

/**
 * What a module announces for others to act on, with what they need to know. The module that
 * writes the change emits the event inside its transaction, and each handler runs in that same
 * transaction: what reacts commits or rolls back with the change, and the emitter does not know
 * who listens. Work that may wait (mails, calls to other systems) is queued as a job by the
 * handler, in the same transaction too.
 */
export type DomainEvents = {
  /**
   * A payment was recorded for an unpaid order (by the customer who ordered it): the provider's
   * `transactionId`. The order is marked paid by the first handler, so the others see it paid.
   */
  "order.paid": { order: { id: string; userId: string; name: string }; transactionId: string; paidAt: Date };
  /**
   * A payment was opened at the provider for an unpaid order (its card form pays it): the order
   * keeps the intent, and Stripe Billing's subscription when the plan renews there, so the form
   * is found again and the provider's report of the payment finds the order.
   */
  "payment.opened": { order: { id: string }; paymentIntentId: string; providerSubscriptionId?: string };
  /**
   * A renewal of the order's plan was paid (the offline provider's charge or a Stripe invoice):
   * the subscription moved on to the period from `start` to `end`. Emitted once per period paid.
   */
  "subscription.renewed": {
    order: { id: string; userId: string; name: string };
    period: { start: Date; end: Date };
  };
  /** The customer accepted a quote (it is paid next, by card). */
  "quote.accepted": {
    quote: {
      id: string;
      number: string;
      revision: number;
      email: string;
      userId: string;
      totalCents: number;
    };
    acceptedAt: Date;
  };
  /** A sent invoice was paid: its order exists and is paid (emitted after `order.paid`). */
  "invoice.paid": {
    invoice: {
      id: string;
      number: string;
      revision: number;
      email: string;
      userId: string;
      totalCents: number;
    };
    /** The order its payment opened; null for an invoice that opens no order (docs/decisions/029). */
    orderId: string | null;
    paidAt: Date;
  };
  /**
   * Money was booked for a quote or invoice: a transfer or cash the agency recorded, or a card
   * payment of an invoice that opens no order. The payment, the revision it settles (in part or in
   * full) and whether nothing is due now.
   */
  "payment.recorded": {
    payment: { id: string; amountCents: number };
    invoice: { id: string; seriesId: string };
    settled: boolean;
    recordedBy: { id: string | null; name: string };
    paidAt: Date;
  };
  /**
   * Orders were placed (several at once when the shop writes a batch in one statement; one when
   * a quote or invoice is paid), each with its row and its lines as written.
   */
  "order.created": {
    orders: { id: string; row: typeof orders.$inferSelect; lines: (typeof orderLines.$inferSelect)[] }[];
  };
  /** An order was given to a member of the team, or taken from one (`assignee` null). */
  "order.assigned": {
    order: { id: string; number: number };
    assignee: { id: string; name: string } | null;
    assignedBy: { id: string; name: string };
  };
  /** A quote (or a revision of it) was sent to its customer. */
  "quote.sent": { quote: SalesDocumentFacts; sentAt: Date };
  /** An invoice (or a revision of it) was sent to its customer. */
  "invoice.sent": { invoice: SalesDocumentFacts; sentAt: Date };
  /** A sent invoice passed its due day unpaid. Emitted once per invoice. */
  "invoice.overdue": { invoice: SalesDocumentFacts; dueDate: string; at: Date };
  /** The customer gave (or changed) an order's brief while its work waits to start. */
  "brief.submitted": { order: { id: string }; at: Date };
  /** An order's work moved from one state to another (its history has the entry). */
  "order.state_changed": { order: { id: string }; from: string | null; to: string };
  /** An order's due date passed with its work not complete. */
  "order.overdue": { order: { id: string }; dueAt: Date };
  /** A message was posted on an order's thread (internal notes included: see `internal`). */
  "message.posted": { message: { id: string; orderId: string; internal: boolean } };
  /** The customer cancelled a plan's renewals (it runs to the end of the period paid for). */
  "subscription.cancelled": { subscription: { id: string; orderId: string } };
  /** A subscription ended (no more renewals): its order's plan is over, and may be ordered again. */
  "subscription.ended": { subscription: { id: string; orderId: string }; endedAt: Date };
  /** A renewal's charge was declined: the subscription is past due and retried. */
  "subscription.past_due": { subscription: { id: string; orderId: string } };
  /** Money was given back: `payment` is the negative payment written for it. */
  "refund.issued": { payment: { id: string; orderId: string | null; salesDocumentId: string | null } };
  /** A contact message or website query arrived. */
  "lead.received": { lead: { id: string } };
  /** A client company was made: a company of one at a customer's first order (docs/decisions/028). */
  "company.created": { company: { id: string } };
  /** A person joined a client company with a client role (an accepted invitation). */
  "company.person_added": { company: { id: string }; person: { id: string } };
  /**
   * A company's Admin removed a person from it: they are in none now. `person` is as they were
   * in it (their row no longer names the company).
   */
  "company.person_removed": {
    company: { id: string };
    person: { id: string; name: string; email: string; role: ClientRole };
  };
  /**
   * A customer deleted their account: the user row now carries the placeholder `name` and
   * `newEmail` (`oldEmail` is the former address, in lower case). Each module that keeps the
   * person's data replaces or removes it in the same transaction; numbers, amounts and dates stay
   * for the agency's books.
   */
  "account.erased": { user: { id: string; oldEmail: string; newEmail: string; name: string } };
};

export type DomainEventHandler<K extends keyof DomainEvents> = (
  tx: Database,
  event: DomainEvents[K],
) => Promise<unknown>;

const handlers = new Map<keyof DomainEvents, DomainEventHandler<never>[]>();

/**
 * Registers a handler; the application's wiring does this once, when it is loaded. Answers the
 * function that removes it again (a test's own listener goes when the test ends: the test files
 * of one worker share these handlers).
 */
export function onDomainEvent<K extends keyof DomainEvents>(
  type: K,
  handler: DomainEventHandler<K>,
): () => void {
  const added = handler as DomainEventHandler<never>;
  handlers.set(type, [...(handlers.get(type) ?? []), added]);
  return () => {
    const rest = (handlers.get(type) ?? []).filter((other) => other !== added);
    handlers.set(type, rest);
  };
}

/** Runs every handler of the event, in order, inside the emitter's transaction `tx`. */
export async function emitDomainEvent<K extends keyof DomainEvents>(
  tx: Database,
  type: K,
  event: DomainEvents[K],
): Promise<void> {
  for (const handler of (handlers.get(type) ?? []) as DomainEventHandler<K>[]) await handler(tx, event);
}
