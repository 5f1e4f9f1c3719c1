/** What a payment charges: the smallest card charge, and the discounts codes give at payment time. */

import { type SQL, sql } from "drizzle-orm";

/**
 * Stripe's smallest card charge in dollars is 0.50 $: a discount stops there, so every discounted
 * payment can still be taken.
 */
export const MINIMUM_CHARGE_CENTS = 50;

/**
 * What a code takes off a price, in cents: a percentage (rounded to the cent) or a fixed amount.
 * The price is the whole order's (the plan and its add-ons together), or a renewal's (the plan and
 * the add-ons charged every period): a code discounts the order, not one of its lines.
 */
export function discountCents(
  priceCents: number,
  discount: { kind: "percent" | "fixed"; value: number },
): number {
  const off = discount.kind === "percent" ? Math.round((priceCents * discount.value) / 100) : discount.value;
  return Math.max(0, Math.min(off, priceCents - MINIMUM_CHARGE_CENTS));
}

/**
 * `discountCents` in SQL, for orders priced inside the statement that places them: the same
 * rounding (half up, on exact numerics) and the same floor. Null kind: no code, no discount.
 */
export function discountCentsSql(priceCents: SQL, kind: SQL, value: SQL): SQL {
  return sql`case when ${kind} is null then 0 else greatest(0, least(
    case when ${kind} = 'percent' then round(${priceCents}::numeric * ${value} / 100)::int else ${value} end,
    ${priceCents} - ${MINIMUM_CHARGE_CENTS}::int)) end`;
}

/**
 * A renewal's charge: the plan's price and the order's other recurring lines (add-ons charged
 * every period) together, less the discount a code gives every renewal, if it has one.
 */
export function renewalChargeCents(subscription: {
  priceCents: number;
  recurringLinesCents?: number;
  renewalPercentOff: number | null;
  renewalAmountOffCents: number | null;
}): number {
  const { renewalPercentOff, renewalAmountOffCents } = subscription;
  const priceCents = subscription.priceCents + (subscription.recurringLinesCents ?? 0);
  if (renewalPercentOff)
    return priceCents - discountCents(priceCents, { kind: "percent", value: renewalPercentOff });
  if (renewalAmountOffCents) {
    return priceCents - discountCents(priceCents, { kind: "fixed", value: renewalAmountOffCents });
  }
  return priceCents;
}
