import { eq } from "drizzle-orm";
import type { Database } from "../../../../db/client.js";
import { subscriptions } from "../../../../db/schema.js";
import type { SubscriptionRow } from "./subscriptions.js";

type Period = { number: number; start: Date; end: Date };

/** A renewal paid: the period is the current one, active, with no failures; answers the row. */
export async function startRenewedPeriod(
  tx: Database,
  id: string,
  period: Period,
): Promise<SubscriptionRow | undefined> {
  const [next] = await tx
    .update(subscriptions)
    .set({
      status: "active",
      periodNumber: period.number,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      failureCount: 0,
      nextAttemptAt: null,
      lastError: null,
    })
    .where(eq(subscriptions.id, id))
    .returning();
  return next;
}

/** A renewal declined: past due until `nextAttemptAt`; answers the row. */
export async function markRenewalPastDue(
  tx: Database,
  id: string,
  retry: { failureCount: number; nextAttemptAt: Date; lastError: string },
): Promise<SubscriptionRow | undefined> {
  const [next] = await tx
    .update(subscriptions)
    .set({
      status: "past_due",
      failureCount: retry.failureCount,
      nextAttemptAt: retry.nextAttemptAt,
      lastError: retry.lastError,
    })
    .where(eq(subscriptions.id, id))
    .returning();
  return next;
}

/** A Stripe invoice paid for the period: it is the current one, with no failures. */
export async function startInvoicedPeriod(
  tx: Database,
  id: string,
  status: "active" | "canceled",
  period: Period,
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      status,
      periodNumber: period.number,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      failureCount: 0,
      nextAttemptAt: null,
      lastError: null,
    })
    .where(eq(subscriptions.id, id));
}

/** A Stripe invoice's charge failed: past due, until Stripe's next attempt if it makes one. */
export async function markInvoicePastDue(
  tx: Database,
  id: string,
  retry: { failureCount: number; nextAttemptAt: Date | null; lastError: string },
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      status: "past_due",
      failureCount: retry.failureCount,
      nextAttemptAt: retry.nextAttemptAt,
      lastError: retry.lastError,
    })
    .where(eq(subscriptions.id, id));
}

/** The creation time of the latest Stripe subscription event applied. */
export async function setProviderEventAt(tx: Database, id: string, at: Date): Promise<void> {
  await tx.update(subscriptions).set({ providerEventAt: at }).where(eq(subscriptions.id, id));
}

/** Stripe's status and cancellation of the subscription, and its period when one is given. */
export async function applyStripeSubscriptionState(
  tx: Database,
  id: string,
  state: {
    status: SubscriptionRow["status"];
    cancelAtPeriodEnd: boolean;
    period?: { start: Date; end: Date };
  },
): Promise<void> {
  const { period } = state;
  await tx
    .update(subscriptions)
    .set({
      status: state.status,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      ...(period ? { currentPeriodStart: period.start, currentPeriodEnd: period.end } : {}),
    })
    .where(eq(subscriptions.id, id));
}
