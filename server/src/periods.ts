import { type RenewalTerms, toMajor } from "@agency/contract";
import { DAY_MS } from "./clock.js";

export type Interval = "monthly" | "yearly";

export function isInterval(value: string): value is Interval {
  return value === "monthly" || value === "yearly";
}

/** Whole calendar months later, on the same day or the month's last one (Jan 31 -> Feb 28 -> Mar 31). */
export function addMonths(anchor: Date, months: number): Date {
  const result = new Date(anchor);
  const day = anchor.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The end of period `number` (0 for the first) of a subscription that started at `anchor`. */
export function periodEnd(anchor: Date, interval: Interval, number: number): Date {
  return addMonths(anchor, (number + 1) * (interval === "yearly" ? 12 : 1));
}

/** A failed renewal is tried again this many days after the renewal date; after the last, it ends. */
const RETRY_AFTER_DAYS = [1, 3, 5] as const;

/** When attempt `failures` (1 after the first failure) is retried, or null when none is left. */
export function nextAttempt(renewalDate: Date, failures: number): Date | null {
  const days = RETRY_AFTER_DAYS[failures - 1];
  return days === undefined ? null : new Date(renewalDate.getTime() + days * DAY_MS);
}

/**
 * What a customer who pays now is charged today and at each renewal. The renewal charges the
 * recurring lines (the plan and the add-ons charged every period), less a promo code's discount
 * only when the code is for every payment (the same rule `startSubscription` and the renewals
 * follow); its first date is one period from now by the billing clock, as a subscription started
 * by a payment now would have it.
 */
export function renewalTerms(input: {
  firstChargeCents: number;
  interval: string;
  /** What each renewal charges, in minor units. */
  renewalChargeCents: number;
  /** The currency of the amounts (the order's, or the shop's for a plan not yet ordered). */
  currency: string;
  now: Date;
}): RenewalTerms {
  const { interval, currency } = input;
  return {
    firstCharge: toMajor(input.firstChargeCents, currency),
    currency,
    renewal: isInterval(interval)
      ? {
          amount: toMajor(input.renewalChargeCents, currency),
          interval,
          firstRenewalAt: periodEnd(input.now, interval, 0).toISOString(),
        }
      : null,
  };
}
