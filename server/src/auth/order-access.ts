import { isId } from "@agency/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { orders } from "../db/schema.js";
import { notFound } from "../errors.js";
import { can } from "./permissions.js";
import { isTeamMember, type SessionUser } from "./session.js";

/**
 * Who may see which order: its customer, a member of the team whose role sees every order, or the
 * member it is assigned to. Every module that reads an order for a caller asks here, so the rule
 * is written once; to anyone else the order does not exist (404).
 */
export type OrderRow = typeof orders.$inferSelect;

export function maySeeOrder(caller: SessionUser, row: Pick<OrderRow, "userId" | "assigneeId">): boolean {
  if (row.userId === caller.id) return true;
  return isTeamMember(caller) && (can(caller, "orders.all") || row.assigneeId === caller.id);
}

/**
 * Whether the caller sees only the orders assigned to them: a team member whose role does not see
 * every order. Lists, searches, exports and unread counts narrow to `assigneeId = caller`. An API
 * key is never assigned an order (it is no account): a key of such a role sees none.
 */
export function seesOnlyAssigned(caller: SessionUser): boolean {
  return isTeamMember(caller) && !can(caller, "orders.all");
}

/** The order if the caller may see it (see `maySeeOrder`); otherwise it does not exist. */
export async function findVisibleOrder(db: Database, caller: SessionUser, id: string): Promise<OrderRow> {
  if (!isId(id)) throw notFound("The order");
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || !maySeeOrder(caller, row)) throw notFound("The order");
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

/** An order for the team side: every order, or only the caller's assigned ones (see `maySeeOrder`). */
export async function findOrder(db: Database, id: string, caller?: SessionUser): Promise<OrderRow> {
  if (!isId(id)) throw notFound("The order");
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || (caller && !maySeeOrder(caller, row))) throw notFound("The order");
  return row;
}
