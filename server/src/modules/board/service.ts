import {
  type Board,
  type BoardCard,
  type BoardColumnState,
  type BoardMember,
  type BoardQuery,
  boardColumns,
  boardCompleteDays,
  boardCountLimit,
  byUrgency,
} from "@agency/contract";
import { seesOnlyAssigned } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { activeMembersAsOf, assigneesAmong } from "../orders/index.js";
import { type BoardFilter, boardCardsAndTotals, type CardRow } from "./queries.js";

/** The orders the caller asked for and may see: the assignee and plan filters, and the visibility rule. */
function filterOf(caller: SessionUser, query: BoardQuery): BoardFilter {
  return {
    visibleTo: seesOnlyAssigned(caller) ? caller.id : undefined,
    assignee: query.assignee === "none" ? null : query.assignee === "me" ? caller.id : query.assignee,
    plan: query.plan,
  };
}

const instant = (value: Date | string | null) => (value === null ? null : new Date(value));

type Totals = Record<BoardColumnState, number>;

/**
 * The cards, the columns' totals and, for a caller who sees every order, the team for the
 * assignee filter: the members an order may be given to, by name.
 */
async function readBoard(
  db: Database,
  caller: SessionUser,
  since: Date,
  filter: BoardFilter,
): Promise<{ cards: CardRow[]; totals: Totals; members: BoardMember[] }> {
  const row = await boardCardsAndTotals(db, caller, since, filter);
  const totals = Object.fromEntries(
    boardColumns.map((state) => [state, Number(row?.[`total_${state}`] ?? 0)]),
  ) as Totals;
  const changes = row?.team_changes;
  const team = changes === undefined ? [] : await activeMembersAsOf(db, Number(changes));
  const members = assigneesAmong(team).map(({ id, name }) => ({ id, name }));
  return { cards: row?.cards ?? [], totals, members };
}

function toCard(row: CardRow, now: Date): BoardCard {
  const dueAt = instant(row.due_at);
  return {
    _id: row.id,
    number: Number(row.number),
    state: row.state,
    customer: row.customer,
    company: row.company_id ? { id: row.company_id, name: row.company_name ?? "" } : null,
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
  const { cards: rows, totals, members } = await readBoard(db, caller, since, filter);
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
