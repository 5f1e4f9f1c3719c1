import { minimumChargeMinor } from "@agency/contract";

/** What a payment charges: the smallest card charge, and the discounts codes give at payment time. */

/**
 * What a code takes off a price, in minor units of the price's currency: a percentage (rounded to
 * the minor unit) or a fixed amount. A discount stops at the currency's smallest card charge
 * (Stripe's: 0.50 $, 0.30 £, 50 ¥...), so every discounted payment can still be taken.
 */
export function discountCents(
  priceCents: number,
  discount: { kind: "percent" | "fixed"; value: number },
  currency: string,
): number {
  const off = discount.kind === "percent" ? Math.round((priceCents * discount.value) / 100) : discount.value;
  return Math.max(0, Math.min(off, priceCents - minimumChargeMinor(currency)));
}

/** A renewal's charge: its price less the discount a code gives every renewal, if it has one. */
export function renewalChargeCents(
  subscription: {
    priceCents: number;
    renewalPercentOff: number | null;
    renewalAmountOffCents: number | null;
  },
  currency: string,
): number {
  const { priceCents, renewalPercentOff, renewalAmountOffCents } = subscription;
  if (renewalPercentOff) {
    return priceCents - discountCents(priceCents, { kind: "percent", value: renewalPercentOff }, currency);
  }
  if (renewalAmountOffCents) {
    return priceCents - discountCents(priceCents, { kind: "fixed", value: renewalAmountOffCents }, currency);
  }
  return priceCents;
}
