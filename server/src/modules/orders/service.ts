import {
  type CreateOrderBody,
  type CreateOrderResponse,
  type DeleteResult,
  orderMessages as messages,
  type Order,
} from "@agency/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orders, pricingPlans } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { enqueueEach } from "../../jobs/queue.js";
import type { PaymentProvider } from "../../payments/provider.js";
import { isAdmin, type SessionUser } from "../../plugins/authz.js";
import { findPlanRow } from "../catalog/service.js";
import { findOwnOrder, ordersWithSubscriptions } from "../order-access/service.js";

/**
 * SPEC §4 checkout. The customer is the caller; service, duration and price come from the plan in
 * the database. One order per customer and plan they hold (unpaid, or its subscription not ended):
 * a second one is refused with the spec's message; once the subscription has ended, the plan can be
 * bought again. One statement, so one round trip: it reads the plan, inserts the order and queues
 * its confirmation mail together; the partial unique index on customer and plan keeps two orders
 * sent at the same moment from both going through. Unknown plans are answered from the catalog
 * cache first.
 */
export async function createOrder(
  db: Database,
  caller: SessionUser,
  body: CreateOrderBody,
): Promise<CreateOrderResponse> {
  await findPlanRow(db, body.serviceId);
  const result = await db.execute(sql`
    with placed as (
      insert into ${orders} (user_id, plan_id, email, name, service, service_duration, price_cents, phone)
      select ${caller.id}, ${pricingPlans.id}, ${caller.email}, ${caller.name}, ${pricingPlans.service},
        ${pricingPlans.duration}, ${pricingPlans.newPriceCents}, ${body.phone}
      from ${pricingPlans} where ${pricingPlans.id} = ${body.serviceId}
      on conflict (user_id, plan_id) where ended_at is null do nothing
      returning id
    ), mailed as (${enqueueEach("mail.order-placed", "placed", sql`jsonb_build_object('orderId', id)`)})
    select id from placed`);
  // node-postgres and PGlite both answer with the returned rows in `rows`.
  const [placed] = (result as unknown as { rows: { id: string }[] }).rows;
  if (placed) return { success: true, insertedId: placed.id };
  return { success: false, message: messages.alreadyPurchased };
}

/** SPEC §7 GET /order?email=: a customer's own orders; an admin may name any customer. */
export async function listOrders(
  db: Database,
  caller: SessionUser,
  email: string | undefined,
): Promise<Order[]> {
  const wanted = email?.trim().toLowerCase();
  const own = !wanted || wanted === caller.email.toLowerCase();
  if (!own && !isAdmin(caller)) throw new AppError("forbidden", "You can only see your own orders.");
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
  const deleted = await db
    .delete(orders)
    .where(and(eq(orders.id, row.id), eq(orders.paid, false)))
    .returning({ id: orders.id });
  if (deleted.length === 0) throw new AppError("conflict", messages.paidCannotBeDeleted);
  return { deletedCount: deleted.length };
}
