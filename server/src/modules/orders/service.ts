import {
  type CreateOrderBody,
  type CreateOrderResponse,
  catalogMessages,
  type DeleteResult,
  orderMessages as messages,
  type Order,
  toMajor,
} from "@agency/contract";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { findOwnOrder } from "../../auth/order-access.js";
import { isTeamMember, type SessionUser } from "../../auth/session.js";
import { aheadMs, type Clock, systemClock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { createGroupCommit, type GroupCommit } from "../../db/group-commit.js";
import { orders, pricingPlans } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { emitDomainEvent } from "../../events.js";
import { enqueue, enqueueEach } from "../../jobs/queue.js";
import type { PaymentProvider } from "../../payment-providers/provider.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import { discountCents } from "../billing/index.js";
import { findPlanRow, shopCurrencySql, shopMoney } from "../catalog/index.js";
import { claimPromo, releasePromo } from "../promo/index.js";
import { ordersWithSubscriptions } from "./present.js";

/**
 * One order to place: the caller and the plan they chose (already found in the catalog), and how
 * far billing's clock runs ahead of the database's (0 but in a run whose clock was moved forward).
 */
type NewOrder = {
  userId: string;
  email: string;
  name: string;
  planId: string;
  phone: string;
  aheadMs: number;
};

/** SQL: the time a row is written, moved as far forward as billing's clock was. */
const writtenAt = (ms: number) => sql`clock_timestamp() + ${ms}::bigint * interval '1 millisecond'`;

/**
 * One statement places one order: it reads the plan and the shop's currency, inserts the order and
 * queues its confirmation mail together; the partial unique index on customer and plan keeps two
 * orders sent at the same moment from both going through.
 */
async function placeOne(db: Database, order: NewOrder): Promise<string | null> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
    with placed as (
      insert into ${orders} (user_id, plan_id, email, name, service, service_duration, price_cents,
        list_price_cents, currency, phone, created_at)
      select ${order.userId}, ${pricingPlans.id}, ${order.email}, ${order.name}, ${pricingPlans.service},
        ${pricingPlans.duration}, ${pricingPlans.newPriceCents}, ${pricingPlans.newPriceCents}, ${shopCurrencySql},
        ${order.phone}, ${writtenAt(order.aheadMs)}
      from ${pricingPlans} where ${pricingPlans.id} = ${order.planId} and ${pricingPlans.archivedAt} is null
      on conflict (user_id, plan_id) where ended_at is null do nothing
      returning id
    ), mailed as (${enqueueEach("mail.order-placed", "placed", sql`jsonb_build_object('orderId', id)`)})
    select id from placed`);
    // node-postgres and PGlite both answer with the returned rows in `rows`.
    const [placed] = (result as unknown as { rows: { id: string }[] }).rows;
    if (placed) await emitDomainEvent(tx, "order.created", { orders: [placed] });
    return placed?.id ?? null;
  });
}

const keyOf = (order: NewOrder) => `${order.userId}\u0000${order.planId}`;

/**
 * The same for several orders of different customer-and-plan pairs, in one statement (so one
 * commit); answers each order's id, or null where the customer already holds the plan. Rows go in
 * in the order of their keys, so two batches written at once take their locks in the same order;
 * each row gets the time it was inserted (the transaction's time would be the same for all).
 */
async function placeMany(db: Database, batch: NewOrder[]): Promise<(string | null)[]> {
  const sorted = [...batch].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  const rows = sql.join(
    sorted.map(
      (order, index) =>
        sql`(${index}::int, ${order.userId}::text, ${order.email}::text, ${order.name}::text, ${order.planId}::uuid, ${order.phone}::text, ${order.aheadMs}::bigint)`,
    ),
    sql`, `,
  );
  const result = await db.transaction(async (tx) => {
    const written = await tx.execute(sql`
    with wanted (position, user_id, email, name, plan_id, phone, ahead_ms) as (values ${rows}),
    placed as (
      insert into ${orders} (user_id, plan_id, email, name, service, service_duration, price_cents,
        list_price_cents, currency, phone, created_at)
      select w.user_id, ${pricingPlans.id}, w.email, w.name, ${pricingPlans.service},
        ${pricingPlans.duration}, ${pricingPlans.newPriceCents}, ${pricingPlans.newPriceCents}, ${shopCurrencySql},
        w.phone, clock_timestamp() + w.ahead_ms * interval '1 millisecond'
      from wanted w join ${pricingPlans} on ${pricingPlans.id} = w.plan_id and ${pricingPlans.archivedAt} is null
      order by w.position
      on conflict (user_id, plan_id) where ended_at is null do nothing
      returning id, user_id, plan_id
    ), mailed as (${enqueueEach("mail.order-placed", "placed", sql`jsonb_build_object('orderId', id)`)})
    select id, user_id, plan_id from placed`);
    const inserted = (written as unknown as { rows: { id: string }[] }).rows;
    if (inserted.length > 0) await emitDomainEvent(tx, "order.created", { orders: inserted });
    return written;
  });
  const placed = new Map(
    (result as unknown as { rows: { id: string; user_id: string; plan_id: string }[] }).rows.map((row) => [
      `${row.user_id}\u0000${row.plan_id}`,
      row.id,
    ]),
  );
  return batch.map((order) => placed.get(keyOf(order)) ?? null);
}

/**
 * Orders sent while others are being committed wait for them and are placed together, one
 * statement and one commit for all (see db/group-commit.ts); each customer is answered once their
 * own order is committed. One group per database.
 */
/**
 * Batches of orders written at the same time: while two are being committed, the orders that
 * arrive wait and form the next one.
 */
const orderBatchConcurrency = 2;

const groups = new WeakMap<Database, GroupCommit<NewOrder, string | null>>();

function orderGroup(db: Database): GroupCommit<NewOrder, string | null> {
  let group = groups.get(db);
  if (!group) {
    group = createGroupCommit({
      writeBatch: (batch) => placeMany(db, batch),
      writeOne: (order) => placeOne(db, order),
      key: keyOf,
      concurrency: orderBatchConcurrency,
      maxBatch: 200,
    });
    groups.set(db, group);
  }
  return group;
}

/**
 * SPEC §4 checkout. The customer is the caller; service, duration and price come from the plan in
 * the database. One order per customer and plan they hold (unpaid, or its subscription not ended):
 * a second one is refused with the spec's message; once the subscription has ended, the plan can be
 * bought again. Unknown plans are answered from the catalog cache first.
 */
export async function createOrder(
  db: Database,
  caller: SessionUser,
  body: CreateOrderBody,
  clock: Clock = systemClock,
): Promise<CreateOrderResponse> {
  const plan = await findPlanRow(db, body.serviceId);
  if (plan.archivedAt) throw new AppError("conflict", catalogMessages.planArchived);
  if (body.promoCode !== undefined) return createDiscountedOrder(db, caller, body, body.promoCode, clock);
  const id = await orderGroup(db).write({
    userId: caller.id,
    email: caller.email,
    name: caller.name,
    planId: plan.id,
    phone: body.phone,
    aheadMs: aheadMs(clock),
  });
  if (id) return { success: true, insertedId: id };
  return { success: false, message: messages.alreadyPurchased };
}

class AlreadyPurchased extends Error {}

/**
 * An order with a promo code: the code's use is counted, the discount worked out from the plan's
 * price in the database, and the order placed with its mail, all in one transaction. When the
 * customer holds the plan already, nothing is kept, the use included.
 */
async function createDiscountedOrder(
  db: Database,
  caller: SessionUser,
  body: CreateOrderBody,
  code: string,
  clock: Clock,
): Promise<CreateOrderResponse> {
  try {
    const insertedId = await db.transaction(async (tx) => {
      const [plan] = await tx
        .select()
        .from(pricingPlans)
        .where(and(eq(pricingPlans.id, body.serviceId), isNull(pricingPlans.archivedAt)));
      if (!plan) throw new AppError("conflict", catalogMessages.planArchived);
      const promo = await claimPromo(tx, code, plan.id, clock.now());
      const { currency } = await shopMoney(db, tx);
      const discount = discountCents(plan.newPriceCents, promo, currency);
      const result = await tx.execute(sql`
        insert into ${orders} (user_id, plan_id, email, name, service, service_duration, price_cents,
          list_price_cents, discount_cents, promo_code_id, promo_code, currency, phone, created_at)
        values (${caller.id}, ${plan.id}, ${caller.email}, ${caller.name}, ${plan.service}, ${plan.duration},
          ${plan.newPriceCents - discount}, ${plan.newPriceCents}, ${discount}, ${promo.id}, ${promo.code},
          ${currency}, ${body.phone}, ${writtenAt(aheadMs(clock))})
        on conflict (user_id, plan_id) where ended_at is null do nothing
        returning id`);
      const [placed] = (result as unknown as { rows: { id: string }[] }).rows;
      if (!placed) throw new AlreadyPurchased();
      await enqueue(tx, "mail.order-placed", { orderId: placed.id });
      await emitDomainEvent(tx, "order.created", { orders: [placed] });
      return placed.id;
    });
    return { success: true, insertedId };
  } catch (error) {
    if (error instanceof AlreadyPurchased) return { success: false, message: messages.alreadyPurchased };
    throw error;
  }
}

/** SPEC §7 GET /order?email=: a customer's own orders; an admin may name any customer. */
export async function listOrders(
  db: Database,
  caller: SessionUser,
  email: string | undefined,
): Promise<Order[]> {
  const wanted = email?.trim().toLowerCase();
  const own = !wanted || wanted === caller.email.toLowerCase();
  if (!own && !isTeamMember(caller)) throw new AppError("forbidden", "You can only see your own orders.");
  const rows = await db
    .select()
    .from(orders)
    .where(own ? eq(orders.userId, caller.id) : eq(sql`lower(${orders.email})`, wanted ?? ""))
    .orderBy(desc(orders.createdAt));
  return ordersWithSubscriptions(db, rows);
}

/**
 * SPEC §6: customers delete their own unpaid orders; a paid order stays for the records. So does
 * one whose payment the provider reports as succeeded or still processing (its webhook may not
 * have arrived yet): deleting it would lose a payment that was taken.
 */
export async function deleteOrder(
  db: Database,
  provider: PaymentProvider,
  caller: SessionUser,
  id: string,
): Promise<DeleteResult> {
  const row = await findOwnOrder(db, caller, id);
  if (row.paid) throw new AppError("conflict", messages.paidCannotBeDeleted);
  if (row.paymentIntentId) {
    const intent = await provider.retrieveIntent(row.paymentIntentId);
    if (intent && (intent.status === "succeeded" || intent.status === "processing")) {
      throw new AppError("conflict", messages.paymentUnderway);
    }
  }
  const deleted = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(orders)
      .where(and(eq(orders.id, row.id), eq(orders.paid, false)))
      .returning();
    // The code's use goes back with the order that was never paid.
    for (const order of gone) {
      await releasePromo(tx, order.promoCodeId);
      await recordAudit(tx, {
        actor: auditActorOf(caller),
        action: "order.deleted",
        subject: { type: "order", id: order.id, label: `#${order.number}` },
        before: {
          paid: order.paid,
          service: order.service,
          duration: order.serviceDuration,
          price: toMajor(order.priceCents, order.currency),
          currency: order.currency,
          promoCode: order.promoCode,
        },
      });
    }
    return gone;
  });
  if (deleted.length === 0) throw new AppError("conflict", messages.paidCannotBeDeleted);
  return { deletedCount: deleted.length };
}
