import { type ClientAbility, clientMay, companyMessages, isId } from "@agency/contract";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.js";
import { type FilterValues, inlineValues } from "../db/filter-values.js";
import { orders } from "../db/schema.js";
import { AppError, notFound } from "../errors.js";
import { can } from "./permissions.js";
import { isTeamMember, type SessionUser } from "./session.js";

/**
 * Who may see which order: its customer, a member of the team whose role sees every order, or the
 * member it is assigned to. Every module that reads an order for a caller asks here, so the rule
 * is written once; to anyone else the order does not exist (404).
 */
export type OrderRow = typeof orders.$inferSelect;

export function maySeeOrder(
  caller: SessionUser,
  row: Pick<OrderRow, "userId" | "assigneeId" | "companyId">,
): boolean {
  if (isOrderClient(caller, row)) return true;
  return isTeamMember(caller) && (can(caller, "orders.all") || row.assigneeId === caller.id);
}

/**
 * The client company whose orders the caller sees as its person (docs/decisions/028); null for a
 * member of the team or an API key, and for a customer in none (their first order has not made
 * them a company of one yet, or they were removed from theirs): they see the orders they placed
 * that belong to no company.
 */
export function clientCompanyOf(caller: SessionUser): string | null {
  return isClient(caller) ? (caller.companyId ?? null) : null;
}

/** Whether the caller is a client (a customer, in a company or not): never a team member or an API key. */
export function isClient(caller: Pick<SessionUser, "role" | "apiKey">): boolean {
  return !isTeamMember(caller) && !caller.apiKey;
}

/**
 * Whether the caller is the order's client: a person of its company, or (in none) the one who
 * placed it while it belongs to no company. An order they placed for a company stays the
 * company's: removed from it, they no longer see it.
 */
export function isOrderClient(caller: SessionUser, row: Pick<OrderRow, "userId" | "companyId">): boolean {
  const company = clientCompanyOf(caller);
  return company ? row.companyId === company : row.userId === caller.id && row.companyId === null;
}

/**
 * Whether the caller's client role lets them do `ability` on their company's orders: pay (Billing,
 * Admin), approve (Approver, Admin). Someone in no company acts on their own orders.
 */
export function clientMayDo(caller: SessionUser, ability: ClientAbility): boolean {
  return clientCompanyOf(caller) === null || clientMay(caller.companyRole, ability);
}

/**
 * Who reads a quote or invoice sent by link: the account with the address it was sent to, and any
 * person of the company it is addressed to whose client role acts on it: a quote's Approvers (who
 * accept it) and Billing people (who pay it once accepted), an invoice's Billing people; Admins
 * always (docs/decisions/028). To anyone else it does not exist.
 */
export function readsSalesDocument(
  caller: SessionUser,
  row: { email: string; companyId: string | null; kind: "quote" | "invoice" },
): boolean {
  if (caller.email.toLowerCase() === row.email) return true;
  const company = clientCompanyOf(caller);
  const acts = clientMayDo(caller, "pay") || (row.kind === "quote" && clientMayDo(caller, "approve"));
  return Boolean(row.companyId && company === row.companyId && acts);
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
 * client company's people see its contacts, and its money when their client role pays. Without them the answers leave those fields out: the member still
 * works the order and writes in its thread.
 */
export type Sight = { money: boolean; contact: boolean };

export function sightOf(caller: SessionUser, order: Pick<OrderRow, "userId" | "companyId"> | null): Sight {
  // A company's people see its contacts; its money with a role that pays (Billing, Admin).
  if (order && isOrderClient(caller, order)) return { money: clientMayDo(caller, "pay"), contact: true };
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
export function maySeeOrderMoney(
  caller: SessionUser,
  row: Pick<OrderRow, "userId" | "assigneeId" | "companyId">,
): boolean {
  return maySeeOrder(caller, row) && sightOf(caller, row).money;
}

/**
 * SQL: the orders the caller may see, for lists, counts, searches and exports (undefined: every
 * order). A customer sees their own; a member every order or only those assigned to them. With
 * `bound`, the caller's id or company is a placeholder of a statement kept for the shape.
 */
export function visibleOrdersOf(caller: SessionUser, bound: FilterValues = inlineValues): SQL | undefined {
  if (!isTeamMember(caller)) return clientOrdersOf(caller, bound);
  return seesOnlyAssigned(caller) ? eq(orders.assigneeId, bound.value("visibleTo", caller.id)) : undefined;
}

/**
 * SQL: the orders the caller is the client of (see `isOrderClient`): their company's, or, in
 * none, those they placed that belong to no company.
 */
export function clientOrdersOf(caller: SessionUser, bound: FilterValues = inlineValues): SQL {
  const company = clientCompanyOf(caller);
  return company
    ? eq(orders.companyId, bound.value("clientCompany", company))
    : (and(eq(orders.userId, bound.value("client", caller.id)), isNull(orders.companyId)) as SQL);
}

/**
 * SQL for money records (payments, receipts) read with their order and invoice left-joined: an
 * invoice's payment has no order (docs/decisions/029), so a client sees it through the invoice's
 * company (or, in none, as its payer); a member who sees only assigned orders sees none of them.
 */
export function visibleMoneyOf(
  caller: SessionUser,
  payer: AnyPgColumn,
  invoiceCompany: AnyPgColumn,
): SQL | undefined {
  if (isTeamMember(caller)) return visibleOrdersOf(caller);
  const company = clientCompanyOf(caller);
  if (company) return sql`coalesce(${orders.companyId}, ${invoiceCompany}) = ${company}`;
  return and(eq(payer, caller.id), isNull(orders.companyId), isNull(invoiceCompany)) as SQL;
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
  if (!sightOf(caller, row).money) throw notFound("The order");
  return row;
}

/**
 * An order of the caller's own (their company's, or one they placed in none) that they act on as
 * its client: paying it, deleting it unpaid. To anyone else it does not exist; a person of the
 * company whose client role may not pay is refused (403).
 */
export async function findOwnOrder(db: Database, caller: SessionUser, id: string): Promise<OrderRow> {
  if (!isId(id)) throw notFound("The order");
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || !isOrderClient(caller, row)) throw notFound("The order");
  if (!clientMayDo(caller, "pay")) throw new AppError("forbidden", companyMessages.roleMayNot("pay"));
  return row;
}

/** An order for the team side: every order, or only the caller's assigned ones (see `maySeeOrder`). */
export async function findOrder(db: Database, id: string, caller?: SessionUser): Promise<OrderRow> {
  if (!isId(id)) throw notFound("The order");
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || (caller && !maySeeOrder(caller, row))) throw notFound("The order");
  return row;
}
