import { isId } from "@agency/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { orders } from "../db/schema.js";
import { notFound } from "../errors.js";
import { isTeamMember, type SessionUser } from "./session.js";

/**
 * Who may see which order: its customer, or an admin. Every module that reads an order for a
 * caller asks here, so the rule is written once.
 */
export type OrderRow = typeof orders.$inferSelect;

/** The order if the caller may see it (its customer, or an admin); otherwise it does not exist. */
export async function findVisibleOrder(db: Database, caller: SessionUser, id: string): Promise<OrderRow> {
  if (!isId(id)) throw notFound("The order");
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || (row.userId !== caller.id && !isTeamMember(caller))) throw notFound("The order");
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

/** Admins reach every order. */
export async function findOrder(db: Database, id: string): Promise<OrderRow> {
  if (!isId(id)) throw notFound("The order");
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound("The order");
  return row;
}
