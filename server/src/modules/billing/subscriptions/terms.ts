import type { RenewalTerms } from "@agency/contract";
import type { Database } from "../../../db/client.js";
import { linesOfOrder, recurringParts } from "../../../db/order-lines.js";
import type { orders } from "../../../db/schema.js";
import { renewalTerms } from "../../../periods.js";
import { renewalChargeCents } from "../charges.js";
import { promoCodeRowById } from "./queries/orders.js";

type OrderRow = typeof orders.$inferSelect;

/**
 * What an order's subscription renews at: the plan's line at the price it was ordered at, the
 * order's other recurring lines (add-ons charged every period), and its promo code's discount
 * when the code is for every payment (as it was when the order was placed).
 */
export type RenewalBasis = {
  priceCents: number;
  recurringLinesCents: number;
  renewalPercentOff: number | null;
  renewalAmountOffCents: number | null;
};

export async function renewalBasisOf(db: Database, order: OrderRow): Promise<RenewalBasis> {
  // Custom work (a paid quote or invoice) renews at its recurring lines, kept on the order.
  if (order.renewalPriceCents !== null) {
    return {
      priceCents: order.renewalPriceCents,
      recurringLinesCents: 0,
      renewalPercentOff: null,
      renewalAmountOffCents: null,
    };
  }
  // One after the other: `db` may be a transaction, whose queries take turns anyway.
  const lines = await linesOfOrder(db, order);
  const code = order.promoCodeId ? await promoCodeRowById(db, order.promoCodeId) : undefined;
  const { planCents, otherCents } = recurringParts(lines);
  const everyRenewal = code?.appliesTo === "every" ? code : undefined;
  return {
    priceCents: planCents,
    recurringLinesCents: otherCents,
    renewalPercentOff: everyRenewal?.kind === "percent" ? everyRenewal.value : null,
    renewalAmountOffCents: everyRenewal?.kind === "fixed" ? everyRenewal.value : null,
  };
}

/** An unpaid order's terms: the price it was placed at, and what its recurring lines renew at. */
export async function orderTerms(db: Database, order: OrderRow, now: Date): Promise<RenewalTerms> {
  return renewalTerms({
    firstChargeCents: order.priceCents,
    interval: order.serviceDuration,
    renewalChargeCents: renewalChargeCents(await renewalBasisOf(db, order), order.currency),
    currency: order.currency,
    now,
  });
}
