import { type BoardColumnState, boardColumnLimit, boardCountLimit, type OrderState } from "@agency/contract";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { isTeamMember, type SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { hiddenFromPlanner, numberInText, wordsInText } from "../../db/named-statement.js";
import { currentPeriodOf } from "../../db/order-periods.js";
import { rowCountOf } from "../../db/row-counts.js";
import { firstKeptRowOf } from "../../db/rows.js";
import { orders } from "../../db/schema.js";
import { unreadOfOrders } from "../messages/index.js";

/** The columns whose orders are being worked on: read through the partial indexes on `due_at`. */
const activeStates = ["submitted", "in_progress", "delivered"] as const satisfies BoardColumnState[];

/** Which orders the board shows, each condition as the caller's rights and filters decided it. */
export type BoardFilter = {
  /** Only the orders assigned to this member (the visibility rule for members who see only theirs). */
  visibleTo?: string;
  /** The orders of this assignee, or null for those no one has. */
  assignee?: string | null;
  plan?: string;
};

/**
 * A state as an SQL literal: the board's indexes hold only the states being worked on, and the
 * planner uses such a partial index only when it can see the state in the query itself.
 */
const stateLiteral = (state: OrderState) => wordsInText([state]);

/**
 * The filter's conditions with its values as placeholders (`visibleTo`, `assignee`, `plan`): the
 * board's statement is kept for each shape of filter and filled in at each run.
 */
function filterOf(filter: BoardFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.visibleTo !== undefined) conditions.push(eq(orders.assigneeId, sql.placeholder("visibleTo")));
  if (filter.assignee === null) conditions.push(isNull(orders.assigneeId));
  else if (filter.assignee) conditions.push(eq(orders.assigneeId, sql.placeholder("assignee")));
  if (filter.plan) conditions.push(sql`${orders.planId} = ${sql.placeholder("plan")}::uuid`);
  return and(...conditions) ?? sql`true`;
}

/** Which parts the filter holds: the name of its board statement. */
function shapeOf(caller: SessionUser, filter: BoardFilter): string {
  return [
    "board",
    filter.visibleTo !== undefined ? "assigned" : "all",
    filter.assignee === null ? "unassigned" : filter.assignee ? "assignee" : "anyone",
    filter.plan ? "plan" : "every_plan",
    isTeamMember(caller) ? "team" : "customer",
  ].join("_");
}

const cardFields = sql`${orders.id} as id, ${orders.number} as number, ${orders.state} as state,
  ${orders.name} as customer, ${orders.companyId} as company_id, ${orders.planId} as plan_id, ${orders.service} as service,
  ${orders.serviceDuration} as duration, ${orders.assigneeId} as assignee_id, ${orders.dueAt} as due_at`;

/**
 * The cards' order within the unassigned orders: led by the assignee (null in every one of them),
 * as the board's assignee indexes are, so that a column is read from them in order. `assignee_id
 * is null` is no equality the planner carries into the order, and without it the columns were read
 * from the state's index, past the six assigned orders of every seven (0.5 ms more a board).
 */
const assigneeLed = (filter: BoardFilter, direction: SQL) =>
  filter.assignee === null ? sql`${orders.assigneeId} ${direction}, ` : sql``;

/** One column's cards: the most urgent first (no due date last). */
function activeColumn(state: OrderState, filter: SQL, boardFilter: BoardFilter): SQL {
  return sql`(select ${cardFields}, null::timestamptz as completed_at
    from ${orders}
    where ${orders.state} = ${stateLiteral(state)} and ${filter}
    order by ${assigneeLed(boardFilter, sql`asc`)}${orders.dueAt} asc nulls last, ${orders.number} asc
    limit ${numberInText(boardColumnLimit)})`;
}

/** The complete column's cards: completed in the window, newest first. */
function completeColumn(filter: SQL, boardFilter: BoardFilter): SQL {
  return sql`(select ${cardFields}, ${orders.completedAt} as completed_at
    from ${orders}
    where ${completedSince()} and ${filter}
    order by ${assigneeLed(boardFilter, sql`desc`)}${orders.completedAt} desc, ${orders.number} desc
    limit ${numberInText(boardColumnLimit)})`;
}

/**
 * SQL: complete, and since the placeholder `since` (read through the partial indexes on `completed_at`),
 * hidden from the planner: planned for it, the board was planned again at every run.
 */
function completedSince(): SQL {
  return sql`${orders.state} = ${stateLiteral("complete")} and ${orders.completedAt} >= ${hiddenFromPlanner(sql.placeholder("since"), "timestamptz")}`;
}

/** SQL: how many orders a column holds, counted up to `boardCountLimit` (that many index entries at most). */
function columnCount(from: SQL, where: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${from} where ${where}
    limit ${numberInText(boardCountLimit + 1)}) counted)`;
}

/**
 * A card as the statement sends it: its fields in this order, as a JSON array rather than an
 * object, which the embedded database writes and the server reads in less time (no field names,
 * a third fewer bytes). The names of the company and of the assignee are not among them: the
 * service names them from what it keeps (`companyNamesAsOf`, `assigneeNamesAsOf`).
 */
export type CardRow = [
  id: string,
  number: number,
  state: OrderState,
  customer: string,
  companyId: string | null,
  planId: string | null,
  service: string,
  duration: string,
  assigneeId: string | null,
  dueAt: string | null,
  completedAt: string | null,
  period: number,
  unread: number,
];

/** The columns of `CardRow`, in its order. */
const cardRowColumns = [
  "id",
  "number",
  "state",
  "customer",
  "company_id",
  "plan_id",
  "service",
  "duration",
  "assignee_id",
  "due_at",
  "completed_at",
  "period",
  "unread",
] as const satisfies { length: CardRow["length"] };

type BoardRow = {
  cards: CardRow[] | null;
  /**
   * The count of changes to the team (migration 0070), for the team the service keeps
   * (`activeMembersAsOf`): the assignees' names, and the assignee filter's members.
   */
  team_changes: number;
  /** The count of changes to companies' names (migration 0071), for the names kept (`companyNamesAsOf`). */
  company_names: number;
} & { [K in BoardColumnState as `total_${K}`]: number };

/** SQL: how many orders each column holds (up to `boardCountLimit`), as `total_<state>`. */
function totalsOf(filter: SQL): SQL {
  const counts = [
    ...activeStates.map(
      (state) =>
        sql`${columnCount(sql`${orders}`, sql`${orders.state} = ${stateLiteral(state)} and ${filter}`)} as ${sql.identifier(`total_${state}`)}`,
    ),
    sql`${columnCount(sql`${orders}`, sql`${completedSince()} and ${filter}`)} as total_complete`,
  ];
  return sql`select ${sql.join(counts, sql`, `)}`;
}

/**
 * The cards of every column, each with its unread messages (the caller's) and work period, the
 * columns' totals, and the counts of changes to the team and to companies' names (which tell
 * whether the names read before still name the assignees and companies), in one statement of one row: the cards as one JSON
 * array, which the embedded database hands over far faster than as many rows of fields. The
 * statement is built once for each shape of filter and kept (`executeKept`), its values filled in
 * at each run.
 */
export function boardCardsAndTotals(
  db: Database,
  caller: SessionUser,
  since: Date,
  boardFilter: BoardFilter,
): Promise<BoardRow | undefined> {
  const values = {
    visibleTo: boardFilter.visibleTo,
    assignee: boardFilter.assignee ?? undefined,
    plan: boardFilter.plan,
    since: since.toISOString(),
    reader: caller.id,
  };
  return firstKeptRowOf<BoardRow>(
    db,
    shapeOf(caller, boardFilter),
    () => boardStatement(caller, boardFilter),
    values,
  );
}

function boardStatement(caller: SessionUser, boardFilter: BoardFilter): SQL {
  const filter = filterOf(boardFilter);
  const columns = [
    ...activeStates.map((state) => activeColumn(state, filter, boardFilter)),
    completeColumn(filter, boardFilter),
  ];
  return sql`
    with cards as (${sql.join(columns, sql` union all `)})
    select totals.*, (select json_agg(json_build_array(${sql.join(
      cardRowColumns.map((column) => sql`card.${sql.identifier(column)}`),
      sql`, `,
    )})) from (
      select cards.*,
        ${currentPeriodOf(sql`cards.id`)} as period,
        coalesce(unread.unread, 0) as unread
      from cards
      left join ${unreadOfOrders(caller, sql`select id from cards`, sql`${sql.placeholder("reader")}`)} unread on unread.order_id = cards.id
    ) card) as cards, ${rowCountOf("team_changes")} as team_changes,
      ${rowCountOf("company_names")} as company_names
    from (${totalsOf(filter)}) totals`;
}
