import {
  type Board,
  type BoardCard,
  type BoardColumnState,
  type BoardMember,
  type BoardQuery,
  boardColumnLimit,
  boardColumns,
  boardCompleteDays,
  boardCountLimit,
  byUrgency,
  type OrderState,
} from "@agency/contract";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { seesOnlyAssigned } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { currentPeriodOf } from "../../db/order-periods.js";
import { firstRowOf } from "../../db/rows.js";
import { orders, user } from "../../db/schema.js";
import { unreadOfOrders } from "../messages/index.js";
import { listAssignees } from "../orders/index.js";

/** The columns whose orders are being worked on: read through the partial indexes on `due_at`. */
const activeStates = ["submitted", "in_progress", "delivered"] as const satisfies BoardColumnState[];

/**
 * A state as an SQL literal: the board's indexes hold only the states being worked on, and the
 * planner uses such a partial index only when it can see the state in the query itself.
 */
const stateLiteral = (state: OrderState) => sql.raw(`'${state}'`);

/** The orders the caller asked for and may see: the assignee and plan filters, and the visibility rule. */
function filterOf(caller: SessionUser, query: BoardQuery): SQL {
  const conditions: SQL[] = [];
  if (seesOnlyAssigned(caller)) conditions.push(eq(orders.assigneeId, caller.id));
  if (query.assignee === "none") conditions.push(isNull(orders.assigneeId));
  else if (query.assignee === "me") conditions.push(eq(orders.assigneeId, caller.id));
  else if (query.assignee) conditions.push(eq(orders.assigneeId, query.assignee));
  if (query.plan) conditions.push(eq(orders.planId, query.plan));
  return and(...conditions) ?? sql`true`;
}

const cardFields = sql`${orders.id} as id, ${orders.number} as number, ${orders.state} as state,
  ${orders.name} as customer, ${orders.planId} as plan_id, ${orders.service} as service,
  ${orders.serviceDuration} as duration, ${orders.assigneeId} as assignee_id, ${orders.dueAt} as due_at`;

/** One column's cards: the most urgent first (no due date last). */
function activeColumn(state: OrderState, filter: SQL): SQL {
  return sql`(select ${cardFields}, null::timestamptz as completed_at
    from ${orders}
    where ${orders.state} = ${stateLiteral(state)} and ${filter}
    order by ${orders.dueAt} asc nulls last, ${orders.number} asc
    limit ${boardColumnLimit})`;
}

/** The complete column's cards: completed in the window, newest first. */
function completeColumn(since: Date, filter: SQL): SQL {
  return sql`(select ${cardFields}, ${orders.completedAt} as completed_at
    from ${orders}
    where ${completedSince(since)} and ${filter}
    order by ${orders.completedAt} desc, ${orders.number} desc
    limit ${boardColumnLimit})`;
}

/** SQL: complete, and since `since` (read through the partial indexes on `completed_at`). */
function completedSince(since: Date): SQL {
  return sql`${orders.state} = ${stateLiteral("complete")} and ${orders.completedAt} >= ${since.toISOString()}::timestamptz`;
}

/** SQL: how many orders a column holds, counted up to `boardCountLimit` (that many index entries at most). */
function columnCount(from: SQL, where: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${from} where ${where}
    limit ${boardCountLimit + 1}) counted)`;
}

type CardRow = {
  id: string;
  number: number;
  state: OrderState;
  customer: string;
  plan_id: string | null;
  service: string;
  duration: string;
  assignee_id: string | null;
  assignee_name: string | null;
  due_at: Date | string | null;
  completed_at: Date | string | null;
  period: number;
  unread: number;
};

const instant = (value: Date | string | null) => (value === null ? null : new Date(value));

type Totals = Record<BoardColumnState, number>;
type BoardRow = { cards: CardRow[] | null } & { [K in BoardColumnState as `total_${K}`]: number };

/** SQL: how many orders each column holds (up to `boardCountLimit`), as `total_<state>`. */
function totalsOf(since: Date, filter: SQL): SQL {
  const counts = [
    ...activeStates.map(
      (state) =>
        sql`${columnCount(sql`${orders}`, sql`${orders.state} = ${stateLiteral(state)} and ${filter}`)} as ${sql.identifier(`total_${state}`)}`,
    ),
    sql`${columnCount(sql`${orders}`, sql`${completedSince(since)} and ${filter}`)} as total_complete`,
  ];
  return sql`select ${sql.join(counts, sql`, `)}`;
}

/**
 * The cards of every column, each with its assignee's name, unread messages and work period, and
 * the columns' totals, in one statement of one row: the cards as one JSON array, which the
 * embedded database hands over far faster than as many rows of fields.
 */
async function readCards(
  db: Database,
  caller: SessionUser,
  since: Date,
  filter: SQL,
): Promise<{ cards: CardRow[]; totals: Totals }> {
  const columns = [
    ...activeStates.map((state) => activeColumn(state, filter)),
    completeColumn(since, filter),
  ];
  const row = await firstRowOf<BoardRow>(
    db,
    sql`
    with cards as (${sql.join(columns, sql` union all `)})
    select totals.*, (select json_agg(card) from (
      select cards.*,
        (select ${user.name} from ${user} where ${user.id} = cards.assignee_id) as assignee_name,
        ${currentPeriodOf(sql`cards.id`)} as period,
        coalesce(unread.unread, 0) as unread
      from cards
      left join ${unreadOfOrders(caller, sql`select id from cards`)} unread on unread.order_id = cards.id
    ) card) as cards
    from (${totalsOf(since, filter)}) totals`,
  );
  const totals = Object.fromEntries(
    boardColumns.map((state) => [state, Number(row?.[`total_${state}`] ?? 0)]),
  ) as Totals;
  return { cards: row?.cards ?? [], totals };
}

/** The team, for the assignee filter: the members an order may be given to, by name. */
async function readMembers(db: Database): Promise<BoardMember[]> {
  return (await listAssignees(db)).map(({ id, name }) => ({ id, name }));
}

function toCard(row: CardRow, now: Date): BoardCard {
  const dueAt = instant(row.due_at);
  return {
    _id: row.id,
    number: Number(row.number),
    state: row.state,
    customer: row.customer,
    plan: { id: row.plan_id, service: row.service, duration: row.duration },
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? "" } : null,
    dueAt: dueAt?.toISOString() ?? null,
    overdue: dueAt !== null && dueAt < now && row.state !== "complete",
    unread: Number(row.unread),
    period: Number(row.period),
    completedAt: instant(row.completed_at)?.toISOString() ?? null,
  };
}

const newestFirst = (a: BoardCard, b: BoardCard) =>
  (b.completedAt ?? "").localeCompare(a.completedAt ?? "") || b.number - a.number;

/**
 * The work board for the caller: the orders submitted, in progress and delivered, and those
 * completed in the last `boardCompleteDays` days, each column bounded and counted. A member who
 * sees only the orders assigned to them sees only those.
 */
export async function boardOf(
  db: Database,
  clock: Clock,
  caller: SessionUser,
  query: BoardQuery,
): Promise<Board> {
  const now = clock.now();
  const since = new Date(now.getTime() - boardCompleteDays * 24 * 60 * 60 * 1000);
  const filter = filterOf(caller, query);
  const onlyAssigned = seesOnlyAssigned(caller);
  const [{ cards: rows, totals }, members] = await Promise.all([
    readCards(db, caller, since, filter),
    onlyAssigned ? [] : readMembers(db),
  ]);
  const cards = rows.map((row) => toCard(row, now));
  return {
    columns: boardColumns.map((state) => {
      const total = Number(totals[state]);
      return {
        state,
        cards: cards
          .filter((card) => card.state === state)
          .sort(state === "complete" ? newestFirst : byUrgency),
        total: { count: Math.min(total, boardCountLimit), more: total > boardCountLimit },
      };
    }),
    members,
    onlyAssigned,
  };
}
