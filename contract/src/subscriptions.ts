import { z } from "zod";
import { Dollars } from "./common.js";

/**
 * A paid monthly or yearly plan renews every period. `canceled`: the customer cancelled and it runs
 * until the period's end; `past_due`: a renewal failed and is being retried; `ended`: over, and the
 * plan can be bought again.
 */
export const SubscriptionStatus = z.enum(["active", "past_due", "canceled", "ended"]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const Subscription = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    status: SubscriptionStatus,
    interval: z.enum(["monthly", "yearly"]),
    currentPeriodStart: z.string(),
    /** When it renews (active), ends (canceled), or ended. */
    currentPeriodEnd: z.string(),
    /** The next retry of a failed renewal (past due). */
    nextAttemptAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    /** Why the last renewal failed (past due). */
    lastError: z.string().nullable(),
    /** The saved card renewals are charged to, when the shop knows it. */
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    /** The customer's cancellation (gone again once resumed), with the reason they gave, if any. */
    cancellation: z.object({ at: z.string(), reason: z.string().nullable() }).nullable().optional(),
  })
  .meta({ id: "Subscription" });
export type Subscription = z.infer<typeof Subscription>;

/** A customer's reason for cancelling is one short note to the agency. */
export const CANCEL_REASON_MAX_LENGTH = 500;

/**
 * Cancelling one's plan, with an optional reason the agency reads (an empty one counts as none).
 * The body itself may be left out, as the call took none before there was a reason to give.
 */
export const CancelSubscriptionBody = z
  .object({ reason: z.string().trim().max(CANCEL_REASON_MAX_LENGTH).optional() })
  .nullish();
export type CancelSubscriptionBody = z.infer<typeof CancelSubscriptionBody>;

/** The offline test provider's card form for a subscription's new card (never stored, only its last four digits). */
export const UpdateCardBody = z.object({
  cardNumber: z.string().max(30),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});
export type UpdateCardBody = z.infer<typeof UpdateCardBody>;

/**
 * Stripe: where the customer enters a new card (the open invoice's payment page); the offline
 * provider takes the card in the shop's own form instead.
 */
export const UpdateCardLink = z.object({ url: z.string().nullable() });

/**
 * Admin: monthly recurring revenue over the subscriptions that renew (yearly plans count 1/12), in
 * the shop's `currency` (amounts are added as they are: nothing is converted).
 */
export const SubscriptionSummary = z.object({
  monthlyRecurringRevenue: Dollars,
  currency: z.string(),
  active: z.number().int().nonnegative(),
  pastDue: z.number().int().nonnegative(),
  canceled: z.number().int().nonnegative(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummary>;

/**
 * The Test tools page (test payments, outside production only): move the billing clock forward,
 * then run what fell due.
 */
export const RunDueRenewalsBody = z.object({
  advanceDays: z.number().int().min(0).max(3660).default(0),
});
export const RunDueRenewalsResult = z.object({
  ran: z.number().int().nonnegative(),
  now: z.string(),
  clockAheadDays: z.number().int().nonnegative(),
});
export type RunDueRenewalsResult = z.infer<typeof RunDueRenewalsResult>;

/** Where the billing clock stands, for the Test tools page. */
export const TestClock = z.object({
  now: z.string(),
  clockAheadDays: z.number().int().nonnegative(),
});
export type TestClock = z.infer<typeof TestClock>;

export const subscriptionMessages = {
  ended: "This subscription has ended.",
  notCanceled: "This subscription is not cancelled.",
  notPastDue: "This subscription has no failed renewal to pay.",
} as const;
