import {
  type CreateOrderBody,
  type CreateOrderResponse,
  centsToDollars,
  type DeleteResult,
  isId,
  type Order,
} from "@agency/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { AppError, notFound } from "../../errors.js";
import type { PaymentProvider } from "../../payments/provider.js";
import { isAdmin, type SessionUser } from "../../plugins/authz.js";
import { findPlanRow } from "../catalog/service.js";

export type OrderRow = typeof orders.$inferSelect;

export const messages = {
  alreadyPurchased: "You have already purchased this service.", // SPEC §4
  paidCannotBeDeleted: "A paid order cannot be deleted.",
  alreadyPaid: "This order is already paid.",
  paymentUnderway: "A payment for this order is being processed, so it cannot be deleted.",
} as const;

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    number: row.number,
    email: row.email,
    name: row.name,
    service: row.service,
    serviceId: row.planId,
    serviceDuration: row.serviceDuration,
    currentPrice: centsToDollars(row.priceCents),
    currentDate: row.createdAt.toISOString(),
    phone: row.phone,
    paid: row.paid,
    transactionId: row.transactionId,
    paymentTime: row.paymentTime?.toISOString() ?? null,
  };
}

/**
 * SPEC §4 checkout. The customer is the caller; service, duration and price come from the plan in
 * the database. One order per customer and plan: a second one is refused with the spec's message.
 */
export async function createOrder(
  db: Database,
  caller: SessionUser,
  body: CreateOrderBody,
): Promise<CreateOrderResponse> {
  const plan = await findPlanRow(db, body.serviceId);
  const [inserted] = await db
    .insert(orders)
    .values({
      userId: caller.id,
      planId: plan.id,
      email: caller.email,
      name: caller.name,
      service: plan.service,
      serviceDuration: plan.duration,
      priceCents: plan.newPriceCents,
      phone: body.phone,
    })
    .onConflictDoNothing({ target: [orders.userId, orders.planId] })
    .returning({ id: orders.id });
  if (!inserted) return { success: false, message: messages.alreadyPurchased };
  return { success: true, insertedId: inserted.id };
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
  return rows.map(toOrder);
}

/** The order if the caller may see it (its customer, or an admin); otherwise it does not exist. */
export async function findVisibleOrder(db: Database, caller: SessionUser, id: string): Promise<OrderRow> {
  if (!isId(id)) throw notFound("The order");
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || (row.userId !== caller.id && !isAdmin(caller))) throw notFound("The order");
  return row;
}

/** The caller's own order: paying is for the customer who ordered, admins included. */
export async function findOwnOrder(db: Database, caller: SessionUser, id: string): Promise<OrderRow> {
  if (!isId(id)) throw notFound("The order");
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, caller.id)));
  if (!row) throw notFound("The order");
  return row;
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
