import { minimumChargeMinor } from "@agency/contract";

/** What a payment charges: the smallest card charge, and the discounts codes give at payment time. */

import { type SQL, sql } from "drizzle-orm";

/**
 * What a code takes off a price, in minor units of the price's currency: a percentage (rounded to
 * the minor unit) or a fixed amount. A discount stops at the currency's smallest card charge
 * (Stripe's: 0.50 $, 0.30 £, 50 ¥...), so every discounted payment can still be taken.
 */
/**
 * The price is the whole order's (the plan and its add-ons together), or a renewal's (the plan and
 * the add-ons charged every period): a code discounts the order, not one of its lines.
 */
export function discountCents(
  priceCents: number,
  discount: { kind: "percent" | "fixed"; value: number },
  currency: string,
): number {
  const off = discount.kind === "percent" ? Math.round((priceCents * discount.value) / 100) : discount.value;
  return Math.max(0, Math.min(off, priceCents - minimumChargeMinor(currency)));
}

/**
 * `discountCents` in SQL, for orders priced inside the statement that places them: the same
 * rounding (half up, on exact numerics) and the same floor, `minimumCents` (the smallest card
 * charge of the currency the order is priced in). Null kind: no code, no discount.
 */
export function discountCentsSql(priceCents: SQL, kind: SQL, value: SQL, minimumCents: number): SQL {
  return sql`case when ${kind} is null then 0 else greatest(0, least(
    case when ${kind} = 'percent' then round(${priceCents}::numeric * ${value} / 100)::int else ${value} end,
    ${priceCents} - ${minimumCents}::int)) end`;
}

/**
 * A renewal's charge: the plan's price and the order's other recurring lines (add-ons charged
 * every period) together, less the discount a code gives every renewal, if it has one.
 */
export function renewalChargeCents(
  subscription: {
    priceCents: number;
    recurringLinesCents?: number;
    renewalPercentOff: number | null;
    renewalAmountOffCents: number | null;
  },
  currency: string,
): number {
  const { renewalPercentOff, renewalAmountOffCents } = subscription;
  const priceCents = subscription.priceCents + (subscription.recurringLinesCents ?? 0);
  if (renewalPercentOff) {
    return priceCents - discountCents(priceCents, { kind: "percent", value: renewalPercentOff }, currency);
  }
  if (renewalAmountOffCents) {
    return priceCents - discountCents(priceCents, { kind: "fixed", value: renewalAmountOffCents }, currency);
  }
  return priceCents;
}
