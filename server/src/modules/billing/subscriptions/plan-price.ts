import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { firstRowOf } from "../../../db/rows.js";
import { subscriptions } from "../../../db/schema.js";
import { enqueueEach } from "../../../jobs/queue.js";

/**
 * A plan's new price applied to its renewals: every subscription of the plan that has not ended
 * renews at it, and its customer gets a notice, queued in the same statement (one round trip,
 * inside the caller's transaction `tx`). Stripe Billing keeps the price of the subscriptions it
 * renews on its side, so those are left as they are. Answers how many subscriptions changed.
 */
export async function applyPlanPriceToRenewals(
  tx: Database,
  planId: string,
  newPriceCents: number,
): Promise<number> {
  const row = await firstRowOf<{ count: number }>(
    tx,
    sql`
      with before as (
        select ${subscriptions.id} as id, ${subscriptions.priceCents} as old_price_cents from ${subscriptions}
        where ${subscriptions.planId} = ${planId} and ${subscriptions.status} <> 'ended'
          and ${subscriptions.providerSubscriptionId} is null and ${subscriptions.priceCents} <> ${newPriceCents}
        for update
      ), changed as (
        update ${subscriptions} set price_cents = ${newPriceCents}, updated_at = now()
        from before where ${subscriptions.id} = before.id
        returning before.id, before.old_price_cents
      ), mailed as (${enqueueEach(
        "mail.plan-price-changed",
        "changed",
        sql`jsonb_build_object('subscriptionId', id,
          'oldPriceCents', old_price_cents, 'newPriceCents', ${newPriceCents}::int)`,
      )})
      select count(*)::int as count from changed`,
  );
  return Number(row?.count ?? 0);
}
