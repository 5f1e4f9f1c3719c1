import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../../db/client.js";
import { preparedOnce } from "../../../../db/named-statement.js";
import { firstRowOf } from "../../../../db/rows.js";
import { orders, subscriptions, testPaymentMethods } from "../../../../db/schema.js";
import { enqueueEach } from "../../../../jobs/queue.js";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type CardRow = typeof testPaymentMethods.$inferSelect;

/**
 * The subscriptions of these orders, each with its saved test card if it has one: one array
 * parameter and a name, planned once per connection (every page of orders reads it).
 */
export function subscriptionsWithCardsOfOrders(
  db: Database,
  orderIds: string[],
): Promise<{ subscription: SubscriptionRow; card: CardRow | null }[]> {
  return preparedOnce(db, "subscriptions_with_cards_of_orders", () =>
    db
      .select({ subscription: subscriptions, card: testPaymentMethods })
      .from(subscriptions)
      .leftJoin(testPaymentMethods, eq(testPaymentMethods.id, subscriptions.paymentMethodId))
      .where(sql`${subscriptions.orderId} = any(${sql.placeholder("ids")}::uuid[])`)
      .prepare("subscriptions_with_cards_of_orders"),
  ).execute({ ids: orderIds });
}

function ownSubscriptionRows(db: Database, userId: string, id: string) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
}

/** The account's subscription with this id; undefined for anyone else's. */
export async function ownSubscriptionRow(
  db: Database,
  userId: string,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await ownSubscriptionRows(db, userId, id);
  return row;
}

/** The account's subscription with this id, locked for the rest of `tx`. */
export async function ownSubscriptionRowLocked(
  tx: Database,
  userId: string,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await ownSubscriptionRows(tx, userId, id).for("update");
  return row;
}

/** The subscription, locked for the rest of `tx`. */
export async function subscriptionRowLocked(tx: Database, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  return row;
}

/** The order's subscription, whatever its status. */
export async function subscriptionRowOfOrder(
  db: Database,
  orderId: string,
): Promise<SubscriptionRow | undefined> {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  return subscription;
}

/** The subscription Stripe Billing knows by this id. */
export async function stripeSubscriptionRow(
  db: Database,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "stripe"),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    );
  return row;
}

/** The price the subscription's plan renews at. */
export async function renewalPriceOfSubscription(
  tx: Database,
  id: string,
): Promise<{ priceCents: number } | undefined> {
  const [subscription] = await tx
    .select({ priceCents: subscriptions.priceCents })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return subscription;
}

/** The subscription and its order. */
export async function subscriptionWithOrder(db: Database, id: string) {
  const [row] = await db
    .select({ subscription: subscriptions, order: orders })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(eq(subscriptions.id, id));
  return row;
}

/** Writes a new subscription and answers its row. */
export async function insertSubscriptionRow(
  tx: Database,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.insert(subscriptions).values(values).returning();
  return row;
}

/** Ended at `at`: no renewal is due or attempted any more. */
export async function setSubscriptionEnded(
  tx: Database,
  id: string,
  at: Date,
  lastError: string | null,
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      status: "ended",
      endedAt: at,
      cancelAtPeriodEnd: false,
      nextAttemptAt: null,
      lastError,
    })
    .where(eq(subscriptions.id, id));
}

/** Cancelled: it runs to the end of the period paid for, and does not renew. */
export async function markSubscriptionCanceledAtPeriodEnd(tx: Database, id: string): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: "canceled", cancelAtPeriodEnd: true })
    .where(eq(subscriptions.id, id));
}

/** When the customer cancelled, and why. */
export async function setSubscriptionCancellation(
  tx: Database,
  id: string,
  at: Date,
  reason: string | null,
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ canceledAt: at, cancelReason: reason })
    .where(eq(subscriptions.id, id));
}

/** Active again, its cancellation forgotten. */
export async function markSubscriptionResumed(tx: Database, id: string): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: "active", cancelAtPeriodEnd: false, canceledAt: null, cancelReason: null })
    .where(eq(subscriptions.id, id));
}

/** The card renewals are charged to; answers the changed row. */
export async function setSubscriptionPaymentMethod(
  tx: Database,
  id: string,
  paymentMethodId: string,
): Promise<SubscriptionRow | undefined> {
  const [updated] = await tx
    .update(subscriptions)
    .set({ paymentMethodId })
    .where(eq(subscriptions.id, id))
    .returning();
  return updated;
}

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
