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
import { companyNamesAsOf } from "../companies/index.js";
import { activeMembersAsOf, assigneeNamesAsOf, assigneesAmong } from "../orders/index.js";
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

/** The names of the cards' companies and assignees, by id. */
type Names = { companies: Map<string, string>; assignees: Map<string, string> };

/**
 * The cards, the columns' totals, the names of the cards' companies and assignees and, for a
 * caller who sees every order, the team for the assignee filter: the members an order may be
 * given to, by name.
 */
async function readBoard(
  db: Database,
  caller: SessionUser,
  since: Date,
  filter: BoardFilter,
): Promise<{ cards: CardRow[]; totals: Totals; names: Names; members: BoardMember[] }> {
  const row = await boardCardsAndTotals(db, caller, since, filter);
  const totals = Object.fromEntries(
    boardColumns.map((state) => [state, Number(row?.[`total_${state}`] ?? 0)]),
  ) as Totals;
  const cards = row?.cards ?? [];
  const companyIds = new Set<string>();
  const assigneeIds = new Set<string>();
  for (const [, , , , companyId, , , , assigneeId] of cards) {
    if (companyId) companyIds.add(companyId);
    if (assigneeId) assigneeIds.add(assigneeId);
  }
  const teamChanges = Number(row?.team_changes ?? 0);
  const [companies, team] = await Promise.all([
    companyNamesAsOf(db, Number(row?.company_names ?? 0), companyIds),
    filter.visibleTo === undefined ? activeMembersAsOf(db, teamChanges) : [],
  ]);
  // After the team: when its count moved, the team is read once, not by both at the same time.
  const assignees = await assigneeNamesAsOf(db, teamChanges, assigneeIds);
  const members = assigneesAmong(team).map(({ id, name }) => ({ id, name }));
  return { cards, totals, names: { companies, assignees }, members };
}

function toCard(
  [
    id,
    number,
    state,
    customer,
    companyId,
    planId,
    service,
    duration,
    assigneeId,
    due,
    completed,
    period,
    unread,
  ]: CardRow,
  names: Names,
  now: Date,
): BoardCard {
  const dueAt = instant(due);
  return {
    _id: id,
    number: Number(number),
    state,
    customer,
    company: companyId ? { id: companyId, name: names.companies.get(companyId) ?? "" } : null,
    plan: { id: planId, service, duration },
    assignee: assigneeId ? { id: assigneeId, name: names.assignees.get(assigneeId) ?? "" } : null,
    dueAt: dueAt?.toISOString() ?? null,
    overdue: dueAt !== null && dueAt < now && state !== "complete",
    unread: Number(unread),
    period: Number(period),
    completedAt: instant(completed)?.toISOString() ?? null,
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
  const { cards: rows, totals, names, members } = await readBoard(db, caller, since, filter);
  const cards = rows.map((row) => toCard(row, names, now));
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
