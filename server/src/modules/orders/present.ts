import {
  type Order,
  type OrderAssignee,
  type OrderLine,
  type OrderPeriod,
  type Subscription,
  toMajor,
} from "@agency/contract";
import { type OrderRow, type Sight, sightOf } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { linesOfOrders, type OrderLineRow } from "../../db/order-lines.js";
import { subscriptionsOfOrders } from "../billing/index.js";
import { toOrderLine } from "./lines.js";
import { currentPeriodFrom, currentPeriodsOf } from "./periods.js";
import type { ShownOrder } from "./queries/listing.js";
import { namesOfAccounts } from "./queries/members.js";
import { orderRowsWithIds } from "./queries/orders.js";

/** An order as the API shows it. */
export function toOrder(
  row: ShownOrder,
  subscription: Subscription | null = null,
  period: OrderPeriod | null = null,
  lines?: OrderLine[],
): Order {
  return {
    _id: row.id,
    number: row.number,
    email: row.email,
    name: row.name,
    service: row.service,
    serviceId: row.planId,
    serviceDuration: row.serviceDuration,
    currentPrice: toMajor(row.priceCents, row.currency),
    ...(lines ? { lines } : {}),
    discount: toMajor(row.discountCents, row.currency),
    currency: row.currency,
    promoCode: row.promoCode,
    currentDate: row.createdAt.toISOString(),
    phone: row.phone,
    paid: row.paid,
    transactionId: row.transactionId,
    paymentTime: row.paymentTime?.toISOString() ?? null,
    subscription,
    state: row.state,
    period,
  };
}

/**
 * An order (or its detail) as the caller may see it (see `sightOf`): without the money, its amounts,
 * lines' prices, transaction id, card, payments and refunds are left out; without the customer, the
 * e-mail and phone. The one place an order's answer is narrowed for a member of the team.
 */
export function seenWith<T extends Order & { payments?: unknown; refunds?: unknown }>(
  order: T,
  sight: Sight,
): T {
  if (sight.money && sight.contact) return order;
  const shown: T = { ...order };
  if (!sight.contact) {
    delete shown.email;
    delete shown.phone;
  }
  if (!sight.money) {
    delete shown.currentPrice;
    delete shown.discount;
    delete shown.transactionId;
    delete shown.payments;
    delete shown.refunds;
    if (shown.lines) shown.lines = shown.lines.map(({ unitPrice: _unit, amount: _amount, ...line }) => line);
    if (shown.subscription) shown.subscription = { ...shown.subscription, card: null };
  }
  return shown;
}

/** Orders as `caller` may see them, each by its customer's sight (see `seenWith`). */
export function seenBy<T extends Order & { payments?: unknown; refunds?: unknown }>(
  caller: SessionUser,
  shown: T[],
  rows: Pick<OrderRow, "userId" | "companyId">[],
): T[] {
  return shown.map((order, index) => seenWith(order, sightOf(caller, rows[index] ?? null)));
}

/**
 * What to show besides the orders themselves: their lines (not in lists of many orders). `periods`:
 * each order's current work period, when the statement that read the orders read them beside them
 * (else they are read here).
 */
export type OrderShowing = { lines?: boolean; periods?: Map<string, OrderPeriod | null> };

/**
 * Orders as the API shows them, each with its subscription and current work period, and its
 * lines when asked (one query for each, for all of them).
 */
export function ordersWithSubscriptions(
  db: Database,
  rows: OrderRow[],
  showing: OrderShowing = {},
): Promise<Order[]> {
  return shownWithSubscriptions(
    db,
    rows,
    showing.periods,
    showing.lines ? linesOfOrders(db, rows) : undefined,
  );
}

/** `ordersWithSubscriptions` for the columns a list shows (`ShownOrder`), and the lines if read. */
async function shownWithSubscriptions(
  db: Database,
  rows: ShownOrder[],
  periodsRead?: Map<string, OrderPeriod | null>,
  linesRead?: Promise<Map<string, OrderLineRow[]>>,
): Promise<Order[]> {
  const [byOrder, periods, lines] = await Promise.all([
    subscriptionsOfOrders(
      db,
      rows.filter((row) => row.paid).map((row) => row.id),
    ),
    periodsRead ?? currentPeriodsOf(db, rows),
    linesRead,
  ]);
  return rows.map((row) =>
    toOrder(
      row,
      byOrder.get(row.id) ?? null,
      periods.get(row.id) ?? null,
      lines?.get(row.id)?.map((line) => toOrderLine(line, row.currency)),
    ),
  );
}

/** The assignees of `rows` by id, with their names now (one query). */
async function assigneesOf(db: Database, rows: OrderRow[]): Promise<Map<string, OrderAssignee>> {
  const ids = [...new Set(rows.map((row) => row.assigneeId).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const found = await namesOfAccounts(db, ids);
  return new Map(found.map((member) => [member.id, member]));
}

/** Orders as the team sees them: as `ordersWithSubscriptions`, with who does the work and by when. */
export async function ordersForTeam(
  db: Database,
  rows: OrderRow[],
  showing: OrderShowing = {},
): Promise<Order[]> {
  const [shown, assignees] = await Promise.all([
    ordersWithSubscriptions(db, rows, showing),
    assigneesOf(db, rows),
  ]);
  return shown.map((order, index) => {
    const assigneeId = rows[index]?.assigneeId;
    return forTeam(order, rows[index], assigneeId ? (assignees.get(assigneeId) ?? null) : null);
  });
}

/** An order with what the team sees besides: who does the work and by when. */
const forTeam = (order: Order, row: ShownOrder | undefined, assignee: OrderAssignee | null): Order => ({
  ...order,
  assignee,
  dueAt: row?.dueAt?.toISOString() ?? null,
});

/**
 * A page of orders as the team sees them (as `ordersForTeam`), when the page's own statement read
 * each order's newest opened period and assignee beside it: only the subscriptions are read here.
 */
export async function pageForTeam(
  db: Database,
  page: {
    order: ShownOrder;
    newestPeriod: { number: number; startedAt: Date } | null;
    assignee: OrderAssignee | null;
  }[],
): Promise<Order[]> {
  const rows = page.map((entry) => entry.order);
  const periods = new Map(
    page.map(({ order, newestPeriod }) => [order.id, currentPeriodFrom(order, newestPeriod)]),
  );
  const shown = await shownWithSubscriptions(db, rows, periods);
  return shown.map((order, index) => forTeam(order, rows[index], page[index]?.assignee ?? null));
}

/**
 * These orders as the API shows them, in the order of `ids` (one missing is left out), as the
 * customer sees them or, with `team`, as the team does.
 */
export async function ordersByIds(
  db: Database,
  ids: string[],
  view: "customer" | "team" = "customer",
): Promise<Order[]> {
  if (ids.length === 0) return [];
  const rows = await orderRowsWithIds(db, ids);
  const shown = await (view === "team" ? ordersForTeam : ordersWithSubscriptions)(db, rows);
  const byId = new Map(shown.map((order) => [order._id, order]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
