import {
  OVERVIEW_PAST_DUE_LIMIT,
  type OverviewCancellation,
  type OverviewPastDue,
  toMajor,
} from "@agency/contract";
import { type SQL, sql } from "drizzle-orm";
import { orders, subscriptions } from "../../../db/schema.js";
import { renewalChargeCents } from "../charges.js";

/**
 * The Overview's two lists of subscriptions, read on every call of it: each is one JSON value of
 * the caller's statement (an SQL expression), read back with its `…FromJson`. Several parts in one
 * statement cross to the embedded database once, and a list handed over as one JSON value is not
 * handed over field by field. Without `assigneeId` a part has no parameters (its limit and status
 * are written into the text), so the embedded database plans the statement once and keeps the
 * plan (db/pglite-statements.ts).
 */
export type ListOptions = { assigneeId?: string };

/** Only orders assigned to `assigneeId` when it is given (a member who sees only those). */
const assignedTo = (assigneeId: string | undefined) =>
  assigneeId === undefined ? sql`` : sql`and ${orders.assigneeId} = ${assigneeId}`;

/** A JSON value as the driver answers it: parsed already, or as text. */
const parsed = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

/** The customers' latest cancellations that still stand, newest first, with their reasons. */
export function recentCancellationsJson({
  assigneeId,
  limit = 5,
}: ListOptions & { limit?: number } = {}): SQL {
  return sql`(select coalesce(json_agg(c order by c.canceled_at desc, c.id desc), '[]'::json) from (
      select ${subscriptions.id} as id, ${orders.id} as order_id, ${orders.number} as order_number,
        ${orders.name} as customer, ${orders.service} as service, ${orders.serviceDuration} as duration,
        ${subscriptions.canceledAt} as canceled_at, ${subscriptions.cancelReason} as reason
      from ${subscriptions} join ${orders} on ${orders.id} = ${subscriptions.orderId}
      where ${subscriptions.canceledAt} is not null ${assignedTo(assigneeId)}
      order by ${subscriptions.canceledAt} desc, ${subscriptions.id} desc
      limit ${sql.raw(String(Math.trunc(limit)))}
    ) c)`;
}

type CancellationJson = {
  order_id: string;
  order_number: number;
  customer: string;
  service: string;
  duration: string;
  canceled_at: string;
  reason: string | null;
};

export function cancellationsFromJson(value: unknown): OverviewCancellation[] {
  return parsed<CancellationJson[]>(value).map((row) => ({
    orderId: row.order_id,
    orderNumber: row.order_number,
    customer: row.customer,
    service: `${row.service} (${row.duration})`,
    canceledAt: new Date(row.canceled_at).toISOString(),
    reason: row.reason,
  }));
}

/**
 * The subscriptions past due, the longest overdue first, with their orders and what their
 * renewals charge (one read down the partial index of past-due subscriptions).
 */
export function pastDueJson({ assigneeId }: ListOptions = {}): SQL {
  return sql`(select coalesce(json_agg(d order by d.due_since, d.id), '[]'::json) from (
      select ${subscriptions.id} as id, ${subscriptions.orderId} as order_id, ${orders.number} as order_number,
        ${orders.name} as customer, ${orders.service} as service, ${orders.serviceDuration} as duration,
        ${orders.currency} as currency, ${subscriptions.currentPeriodEnd} as due_since,
        ${subscriptions.failureCount} as failed_attempts, ${subscriptions.nextAttemptAt} as next_attempt_at,
        ${subscriptions.priceCents} as price_cents, ${subscriptions.recurringLinesCents} as recurring_lines_cents,
        ${subscriptions.renewalPercentOff} as renewal_percent_off,
        ${subscriptions.renewalAmountOffCents} as renewal_amount_off_cents
      from ${subscriptions} join ${orders} on ${orders.id} = ${subscriptions.orderId}
      where ${subscriptions.status} = 'past_due' ${assignedTo(assigneeId)}
      order by ${subscriptions.currentPeriodEnd}, ${subscriptions.id}
      limit ${sql.raw(String(OVERVIEW_PAST_DUE_LIMIT))}
    ) d)`;
}

type PastDueJson = {
  order_id: string;
  order_number: number;
  customer: string;
  service: string;
  duration: string;
  currency: string;
  due_since: string;
  failed_attempts: number;
  next_attempt_at: string | null;
  price_cents: number;
  recurring_lines_cents: number;
  renewal_percent_off: number | null;
  renewal_amount_off_cents: number | null;
};

export function pastDueFromJson(value: unknown): OverviewPastDue[] {
  return parsed<PastDueJson[]>(value).map((row) => ({
    orderId: row.order_id,
    orderNumber: row.order_number,
    customer: row.customer,
    service: `${row.service} (${row.duration})`,
    dueSince: new Date(row.due_since).toISOString(),
    failedAttempts: row.failed_attempts,
    nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at).toISOString(),
    amount: toMajor(
      renewalChargeCents(
        {
          priceCents: row.price_cents,
          recurringLinesCents: row.recurring_lines_cents,
          renewalPercentOff: row.renewal_percent_off,
          renewalAmountOffCents: row.renewal_amount_off_cents,
        },
        row.currency,
      ),
      row.currency,
    ),
  }));
}
