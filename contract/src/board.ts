import { z } from "zod";
import { FilterId, MatchCount } from "./common.js";
import { OrderCompany } from "./orders.js";
import { OrderState } from "./workflow.js";

/**
 * The work board: the paid orders being worked on, one column per state, and the orders completed
 * in the last seven days. A card moves with POST /admin/orders/{id}/state (see `adminTransitions`).
 */
export const boardColumns = ["submitted", "in_progress", "delivered", "complete"] as const;
export type BoardColumnState = (typeof boardColumns)[number];

/** At most this many cards per column: the most urgent (or, completed, the newest) first. */
export const boardColumnLimit = 30;
/**
 * A column's count goes up to this many ("100+" beyond): a column that long is a queue to filter,
 * and counting further would read that many index entries on every look at the board.
 */
export const boardCountLimit = 100;
/** The complete column shows the orders completed this many days back from now. */
export const boardCompleteDays = 7;

/**
 * GET /admin/board. `assignee` narrows to one member's orders (their id), the caller's own ("me")
 * or the unassigned ones ("none"); `plan` to one plan's orders. A member who sees only the orders
 * assigned to them sees only those, whatever is asked.
 */
export const BoardQuery = z.object({
  assignee: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, "must be a member's id, me or none")
    .optional(),
  plan: FilterId.optional(),
});
export type BoardQuery = z.infer<typeof BoardQuery>;

/** A member of the team as a card and the assignee filter name them. */
export const BoardMember = z.object({ id: z.string(), name: z.string() });
export type BoardMember = z.infer<typeof BoardMember>;

export const BoardCard = z
  .object({
    _id: z.string(),
    /** Shown with `formatOrderNumber`. */
    number: z.number().int(),
    state: OrderState,
    /** The customer's name on the order. */
    customer: z.string(),
    /** The client company the order belongs to (null for a team member's own order). */
    company: OrderCompany.nullable(),
    // The plan worked on; its id is null for custom work (a paid quote or invoice).
    plan: z.object({ id: z.string().nullable(), service: z.string(), duration: z.string() }),
    assignee: BoardMember.nullable(),
    dueAt: z.string().nullable(),
    /** Due before now and not complete (worked out by the server, on its clock). */
    overdue: z.boolean(),
    /** Messages on the order's thread the caller has not read. */
    unread: z.number().int().nonnegative(),
    /** The work period being worked on (1 until the plan renews). */
    period: z.number().int().positive(),
    /** In the complete column: when the order was completed. */
    completedAt: z.string().nullable(),
  })
  .meta({ id: "BoardCard" });
export type BoardCard = z.infer<typeof BoardCard>;

export const BoardColumn = z.object({
  state: z.enum(boardColumns),
  /** Up to `boardColumnLimit` cards: by due date (none last), the complete column newest first. */
  cards: z.array(BoardCard),
  /**
   * How many orders the column holds: counted up to 1,000 (`more`: "1,000+") in the columns being
   * worked on, exactly in the complete one.
   */
  total: MatchCount,
});
export type BoardColumn = z.infer<typeof BoardColumn>;

export const Board = z
  .object({
    /** The four columns, in `boardColumns` order. */
    columns: z.array(BoardColumn),
    /** The team, for the assignee filter (empty for a member who sees only their own orders). */
    members: z.array(BoardMember),
    /** Whether the caller sees only the orders assigned to them. */
    onlyAssigned: z.boolean(),
  })
  .meta({ id: "Board" });
export type Board = z.infer<typeof Board>;

/** The active columns' order: the earliest due date first, then no due date, then by number. */
export function byUrgency(
  a: Pick<BoardCard, "dueAt" | "number">,
  b: Pick<BoardCard, "dueAt" | "number">,
): number {
  if (a.dueAt === b.dueAt) return a.number - b.number;
  if (a.dueAt === null) return 1;
  if (b.dueAt === null) return -1;
  return a.dueAt < b.dueAt ? -1 : 1;
}
