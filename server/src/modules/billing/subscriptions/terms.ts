import type { RenewalTerms } from "@agency/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { type orders, promoCodes } from "../../../db/schema.js";
import { renewalTerms } from "../../../periods.js";
import { renewalChargeCents } from "../charges.js";

type OrderRow = typeof orders.$inferSelect;

/** An unpaid order's terms: the price it was placed at, and its code's discount on renewals if any. */
export async function orderTerms(db: Database, order: OrderRow, now: Date): Promise<RenewalTerms> {
  const [code] = order.promoCodeId
    ? await db.select().from(promoCodes).where(eq(promoCodes.id, order.promoCodeId))
    : [];
  const everyPayment = code?.appliesTo === "every" ? code : undefined;
  const listPriceCents = order.listPriceCents ?? order.priceCents;
  return renewalTerms({
    firstChargeCents: order.priceCents,
    listPriceCents,
    interval: order.serviceDuration,
    renewalChargeCents: renewalChargeCents(
      {
        priceCents: listPriceCents,
        renewalPercentOff: everyPayment?.kind === "percent" ? everyPayment.value : null,
        renewalAmountOffCents: everyPayment?.kind === "fixed" ? everyPayment.value : null,
      },
      order.currency,
    ),
    currency: order.currency,
    now,
  });
}
