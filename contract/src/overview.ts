import { z } from "zod";
import { Dollars } from "./common.js";

/**
 * The owner's Overview (admin). Months and weeks are calendar months and ISO weeks (Monday to
 * Sunday) in UTC, oldest first, the current one last; one with nothing in it is there with zeros.
 * Amounts are in major units of the shop's `currency` (money taken in an earlier currency is added
 * as it is: nothing is converted); revenue is what was paid less what was refunded in that month,
 * so a month with more refunds than payments is negative.
 */
export const OverviewMonth = z.object({
  /** "2026-03": the calendar month in UTC. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  revenue: z.number(),
  /** Accounts opened in the month (admins left out). */
  newCustomers: z.number().int().nonnegative(),
});
export type OverviewMonth = z.infer<typeof OverviewMonth>;

export const OverviewWeek = z.object({
  /** "2026-03-02": the Monday the week starts on, in UTC. */
  week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  contact: z.number().int().nonnegative(),
  query: z.number().int().nonnegative(),
  /** Newsletter sign-ups whose address was confirmed, as the Leads list counts them. */
  newsletter: z.number().int().nonnegative(),
});
export type OverviewWeek = z.infer<typeof OverviewWeek>;

export const OverviewPlan = z.object({
  planId: z.string(),
  /** The plan's quality label (Standard, Premium...) and billing, as the catalog names it. */
  service: z.string(),
  duration: z.enum(["monthly", "yearly"]),
  /** Payments less refunds of the plan's orders over the twelve months, renewals included. */
  revenue: z.number(),
  /** Orders of the plan paid (bought) over the twelve months. */
  orders: z.number().int().nonnegative(),
});
export type OverviewPlan = z.infer<typeof OverviewPlan>;

/** A plan a customer cancelled lately, with the reason they gave. */
export const OverviewCancellation = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  customer: z.string(),
  service: z.string(),
  canceledAt: z.string(),
  reason: z.string().nullable(),
});
export type OverviewCancellation = z.infer<typeof OverviewCancellation>;

/**
 * One calendar month (UTC) of churn. A subscription is "renewing" at an instant when it started
 * (its first payment) before it and had not stopped by then; it stops when its customer cancels
 * it (it is then not renewed at its period's end) or when it ends otherwise (its renewal failed
 * for good, or the agency cancelled the order). Resuming a cancellation undoes it. Amounts are
 * monthly recurring revenue (a yearly plan counts a twelfth) at the prices the subscriptions renew
 * at today.
 */
export const OverviewChurnMonth = z.object({
  /** "2026-03": the calendar month in UTC. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Plans their customers cancelled in the month (and have not resumed since). */
  cancellations: z.number().int().nonnegative(),
  /** Renewals declined in the month: each period whose charge failed counts once, however often retried. */
  failedRenewals: z.number().int().nonnegative(),
  /** Monthly recurring revenue at the month's first instant: the subscriptions renewing then. */
  recurringRevenueAtStart: Dollars,
  /** Of that, what stopped renewing during the month (cancelled or ended). */
  recurringRevenueLost: Dollars,
  /** recurringRevenueLost ÷ recurringRevenueAtStart (0.05 is 5 %); null when nothing recurred at the start. */
  churnRate: z.number().nonnegative().nullable(),
});
export type OverviewChurnMonth = z.infer<typeof OverviewChurnMonth>;

/** A reason customers gave when cancelling this month (the same words in any case count as one). */
export const OverviewCancelReason = z.object({
  /** Null: cancelled without a reason. */
  reason: z.string().nullable(),
  count: z.number().int().positive(),
});
export type OverviewCancelReason = z.infer<typeof OverviewCancelReason>;

export const OverviewChurn = z.object({
  thisMonth: OverviewChurnMonth,
  previousMonth: OverviewChurnMonth,
  /** This month's cancellations by reason, the most given first (ten at most). */
  reasons: z.array(OverviewCancelReason).max(10),
});
export type OverviewChurn = z.infer<typeof OverviewChurn>;

/** A subscription whose renewal failed and is being retried: its order, and what is owed. */
export const OverviewPastDue = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  customer: z.string(),
  service: z.string(),
  /** When the unpaid period began (the renewal fell due). */
  dueSince: z.string(),
  failedAttempts: z.number().int().nonnegative(),
  nextAttemptAt: z.string().nullable(),
  /** What the renewal charges. */
  amount: Dollars,
});
export type OverviewPastDue = z.infer<typeof OverviewPastDue>;

/** The past-due list shows at most this many, the longest overdue first. */
export const OVERVIEW_PAST_DUE_LIMIT = 20;

export const Overview = z
  .object({
    /** When the figures were worked out: they may be up to a minute old (see docs/decisions/019). */
    asOf: z.string(),
    timeZone: z.literal("UTC"),
    /** The currency of every amount: the shop's (lower case ISO 4217). */
    currency: z.string(),
    revenueThisMonth: z.number(),
    /** The subscriptions that renew, yearly plans counting a twelfth (as the subscriptions summary). */
    monthlyRecurringRevenue: Dollars,
    subscriptions: z.object({
      active: z.number().int().nonnegative(),
      pastDue: z.number().int().nonnegative(),
      canceled: z.number().int().nonnegative(),
    }),
    /** Every order there is: paid ones, and unpaid ones waiting for their payment. */
    orders: z.object({
      total: z.number().int().nonnegative(),
      paid: z.number().int().nonnegative(),
      unpaid: z.number().int().nonnegative(),
    }),
    newCustomersThisMonth: z.number().int().nonnegative(),
    /** The last twelve calendar months, oldest first, this month last. */
    months: z.array(OverviewMonth).length(12),
    /** The last twelve weeks, oldest first, this week last. */
    leadsByWeek: z.array(OverviewWeek).length(12),
    /** The five plans that brought in the most over the twelve months, and the five bought most. */
    topPlans: z.object({
      byRevenue: z.array(OverviewPlan).max(5),
      byOrders: z.array(OverviewPlan).max(5),
    }),
    /** The latest cancellations by customers, newest first (a resumed plan is not among them). */
    recentCancellations: z.array(OverviewCancellation).max(10),
    /** Cancellations, failed renewals and the churn of recurring revenue, this month and the one before. */
    churn: OverviewChurn,
    /** Subscriptions past due, the longest overdue first (the count of all is subscriptions.pastDue). */
    pastDue: z.array(OverviewPastDue).max(OVERVIEW_PAST_DUE_LIMIT),
  })
  .meta({ id: "Overview" });
export type Overview = z.infer<typeof Overview>;
