import { isId } from "@agency/contract";
import { and, eq, type SQL } from "drizzle-orm";
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

/**
 * What the caller sees of a customer's records besides the work itself: the money (prices, payments,
 * receipts, refunds) with `money.view`, the customer's e-mail and phone with `customers.view`. A
 * customer sees all of their own. Without them the answers leave those fields out: the member still
 * works the order and writes in its thread.
 */
export type Sight = { money: boolean; contact: boolean };

const everything: Sight = { money: true, contact: true };

export function sightOf(caller: SessionUser, customerId: string | null): Sight {
  if (customerId !== null && customerId === caller.id) return everything;
  if (!isTeamMember(caller)) return { money: false, contact: false };
  return { money: can(caller, "money.view"), contact: can(caller, "customers.view") };
}

/**
 * Whether the caller sees every customer's records in full: every order, the money and the customers.
 * Records that gather many customers' data (the audit log's entries on orders, payments and
 * customers) are shown to such a member only.
 */
export function seesAllCustomerRecords(caller: SessionUser): boolean {
  return (
    isTeamMember(caller) &&
    can(caller, "orders.all") &&
    can(caller, "money.view") &&
    can(caller, "customers.view")
  );
}

/** Whether the caller may see this order's money: its customer, or a member who sees the order and money. */
export function maySeeOrderMoney(caller: SessionUser, row: Pick<OrderRow, "userId" | "assigneeId">): boolean {
  return maySeeOrder(caller, row) && sightOf(caller, row.userId).money;
}

/**
 * SQL: the orders the caller may see, for lists, counts, searches and exports (undefined: every
 * order). A customer sees their own; a member every order or only those assigned to them.
 */
export function visibleOrdersOf(caller: SessionUser): SQL | undefined {
  if (!isTeamMember(caller)) return eq(orders.userId, caller.id);
  return seesOnlyAssigned(caller) ? eq(orders.assigneeId, caller.id) : undefined;
}

/** The order if the caller may see it (see `maySeeOrder`); otherwise it does not exist. */
export async function findVisibleOrder(db: Database, caller: SessionUser, id: string): Promise<OrderRow> {
  if (!isId(id)) throw notFound("The order");
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || !maySeeOrder(caller, row)) throw notFound("The order");
  return row;
}

/** The order for a read of its money (terms, payments): to a caller who may not see it, it does not exist. */
export async function findOrderMoney(db: Database, caller: SessionUser, id: string): Promise<OrderRow> {
  const row = await findVisibleOrder(db, caller, id);
  if (!sightOf(caller, row.userId).money) throw notFound("The order");
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
