/** What a payment charges: the smallest card charge, and the discounts codes give at payment time. */

/**
 * Stripe's smallest card charge in dollars is 0.50 $: a discount stops there, so every discounted
 * payment can still be taken.
 */
export const MINIMUM_CHARGE_CENTS = 50;

/** What a code takes off a price, in cents: a percentage (rounded to the cent) or a fixed amount. */
export function discountCents(
  priceCents: number,
  discount: { kind: "percent" | "fixed"; value: number },
): number {
  const off = discount.kind === "percent" ? Math.round((priceCents * discount.value) / 100) : discount.value;
  return Math.max(0, Math.min(off, priceCents - MINIMUM_CHARGE_CENTS));
}

/** A renewal's charge: its price less the discount a code gives every renewal, if it has one. */
export function renewalChargeCents(subscription: {
  priceCents: number;
  renewalPercentOff: number | null;
  renewalAmountOffCents: number | null;
}): number {
  const { priceCents, renewalPercentOff, renewalAmountOffCents } = subscription;
  if (renewalPercentOff)
    return priceCents - discountCents(priceCents, { kind: "percent", value: renewalPercentOff });
  if (renewalAmountOffCents) {
    return priceCents - discountCents(priceCents, { kind: "fixed", value: renewalAmountOffCents });
  }
  return priceCents;
}
