import {
  type ClientOrderHours,
  isId,
  timeMessages as messages,
  type OrderTime,
  type RunningTimer,
  type TimeEntry,
  type TimeEntryPatch,
  type TimeWeek,
} from "@agency/contract";
import { findOwnOrder, findVisibleOrder } from "../../auth/order-access.js";
import { can } from "../../auth/permissions.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { AppError } from "../../errors.js";
import {
  deleteEntry,
  entriesOfOrder,
  insertEntry,
  minutesByMember,
  periodsOf,
  planTimeOf,
  runningOf,
  type ShownEntry,
  shownEntry,
  updateEntry,
} from "./queries.js";
import { dayOf, weekOf } from "./week.js";

// Time on orders (docs/features.md): a member's timer, or entries written by hand. Every read and
// write goes through the order's visibility: an order the caller may not see has no time either.

type Context = { db: Database; now: () => Date };

/** Whole minutes from start to end: at least one, at most a day. */
function minutesBetween(start: Date, end: Date): number {
  return Math.min(1440, Math.max(1, Math.round((end.getTime() - start.getTime()) / 60_000)));
}

const mayEdit = (caller: SessionUser, entry: { memberId: string }) =>
  entry.memberId === caller.id || can(caller, "time.manage");

function present(caller: SessionUser, { entry, orderNumber, memberName }: ShownEntry): TimeEntry {
  return {
    _id: entry.id,
    orderId: entry.orderId,
    orderNumber,
    memberId: entry.memberId,
    memberName,
    day: entry.day,
    startedAt: entry.startedAt?.toISOString() ?? null,
    endedAt: entry.endedAt?.toISOString() ?? null,
    minutes: entry.minutes,
    note: entry.note,
    billable: entry.billable,
    mayEdit: mayEdit(caller, entry),
  };
}

function refuseFuture(day: string, now: Date) {
  if (day > dayOf(now))
    throw new AppError("bad_request", `Invalid day: ${messages.futureDay}`, { day: messages.futureDay });
}

/** The minutes of each work period: an entry counts in the last period begun by its day. */
async function minutesByPeriod(db: Database, orderId: string, rows: ShownEntry[]) {
  const periods = await periodsOf(db, orderId);
  const totals = periods.map((period) => ({
    period: period.number,
    start: dayOf(period.startedAt),
    minutes: 0,
  }));
  for (const { entry } of rows) {
    if (entry.minutes === null) continue;
    const period = totals.findLast((item) => item.start <= entry.day) ?? totals[0];
    if (period) period.minutes += entry.minutes;
  }
  return totals;
}

/** The order's entries and their totals, for a member who may see the order. */
export async function orderTime(ctx: Context, caller: SessionUser, orderId: string): Promise<OrderTime> {
  const order = await findVisibleOrder(ctx.db, caller, orderId);
  const [rows, plan] = await Promise.all([
    entriesOfOrder(ctx.db, order.id),
    planTimeOf(ctx.db, order.planId),
  ]);
  const byMember = new Map<string, { memberId: string; memberName: string; minutes: number }>();
  let minutes = 0;
  let billableMinutes = 0;
  for (const { entry, memberName } of rows) {
    if (entry.minutes === null) continue;
    minutes += entry.minutes;
    if (entry.billable) billableMinutes += entry.minutes;
    const member = byMember.get(entry.memberId) ?? { memberId: entry.memberId, memberName, minutes: 0 };
    member.minutes += entry.minutes;
    byMember.set(entry.memberId, member);
  }
  return {
    entries: rows.map((row) => present(caller, row)),
    totals: { minutes, billableMinutes },
    byMember: [...byMember.values()].sort((a, b) => b.minutes - a.minutes),
    byPeriod: await minutesByPeriod(ctx.db, order.id, rows),
    expectedMinutes: plan.expectedMinutes,
  };
}

/**
 * The hours spent on the client's own order, when its plan shows them to the client; otherwise
 * there is nothing to see (404), as for an order that is not theirs.
 */
export async function clientOrderHours(
  ctx: Context,
  caller: SessionUser,
  orderId: string,
): Promise<ClientOrderHours> {
  const order = await findOwnOrder(ctx.db, caller, orderId);
  const plan = await planTimeOf(ctx.db, order.planId);
  if (!plan.hoursToClient) throw new AppError("not_found", messages.hoursHidden);
  const rows = await entriesOfOrder(ctx.db, order.id);
  const byPeriod = await minutesByPeriod(ctx.db, order.id, rows);
  return {
    minutes: byPeriod.reduce((sum, period) => sum + period.minutes, 0),
    expectedMinutes: plan.expectedMinutes,
    byPeriod,
  };
}

/** Stops the caller's running timer, if one runs, in `tx`: its minutes are written. */
async function stopRunning(tx: Database, caller: SessionUser, now: Date): Promise<ShownEntry | undefined> {
  const running = await runningOf(tx, caller.id, true);
  if (!running?.entry.startedAt) return undefined;
  const minutes = minutesBetween(running.entry.startedAt, now);
  await updateEntry(tx, running.entry.id, { endedAt: now, minutes });
  return { ...running, entry: { ...running.entry, endedAt: now, minutes } };
}

/**
 * Starts the caller's timer on an order they may see. A timer running on another order is stopped
 * first (one runs per member: the database refuses a second, however close two starts arrive).
 */
export async function startTimer(
  ctx: Context,
  caller: SessionUser,
  orderId: string,
  body: { note: string; billable: boolean },
): Promise<RunningTimer> {
  const order = await findVisibleOrder(ctx.db, caller, orderId);
  const now = ctx.now();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      await stopRunning(tx, caller, now);
      const row = await insertEntry(tx, {
        orderId: order.id,
        memberId: caller.id,
        day: dayOf(now),
        startedAt: now,
        note: body.note,
        billable: body.billable,
      });
      return row.id;
    });
    const shown = await shownEntry(ctx.db, id);
    return { entry: shown ? present(caller, shown) : null };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", messages.running);
    throw error;
  }
}

/** Stops the caller's running timer: its minutes are counted from then on. */
export async function stopTimer(ctx: Context, caller: SessionUser): Promise<TimeEntry> {
  const stopped = await ctx.db.transaction((tx) => stopRunning(tx, caller, ctx.now()));
  if (!stopped) throw new AppError("conflict", messages.notRunning);
  return present(caller, stopped);
}

/** The caller's running timer, if any. */
export async function runningTimer(ctx: Context, caller: SessionUser): Promise<RunningTimer> {
  const running = await runningOf(ctx.db, caller.id);
  return { entry: running ? present(caller, running) : null };
}

/** An entry written by hand on an order the caller may see. */
export async function addEntry(
  ctx: Context,
  caller: SessionUser,
  orderId: string,
  body: { day: string; minutes: number; note: string; billable: boolean },
): Promise<OrderTime> {
  refuseFuture(body.day, ctx.now());
  const order = await findVisibleOrder(ctx.db, caller, orderId);
  await insertEntry(ctx.db, { orderId: order.id, memberId: caller.id, ...body });
  return orderTime(ctx, caller, order.id);
}

/** The entry, for a change by its author or `time.manage`, on an order the caller may see. */
async function entryToChange(tx: Database, caller: SessionUser, id: string): Promise<ShownEntry> {
  const found = isId(id) ? await shownEntry(tx, id, true) : undefined;
  if (!found) throw new AppError("not_found", messages.notFound);
  await findVisibleOrder(tx, caller, found.entry.orderId).catch(() => {
    throw new AppError("not_found", messages.notFound);
  });
  if (!mayEdit(caller, found.entry)) throw new AppError("forbidden", messages.notYours);
  return found;
}

export async function changeEntry(
  ctx: Context,
  caller: SessionUser,
  id: string,
  patch: TimeEntryPatch,
): Promise<OrderTime> {
  if (patch.day) refuseFuture(patch.day, ctx.now());
  const orderId = await ctx.db.transaction(async (tx) => {
    const { entry } = await entryToChange(tx, caller, id);
    if (entry.minutes === null && patch.minutes !== undefined)
      throw new AppError("conflict", messages.stillRunning);
    await updateEntry(tx, entry.id, patch);
    return entry.orderId;
  });
  return orderTime(ctx, caller, orderId);
}

export async function removeEntry(ctx: Context, caller: SessionUser, id: string): Promise<OrderTime> {
  const orderId = await ctx.db.transaction(async (tx) => {
    const { entry } = await entryToChange(tx, caller, id);
    await deleteEntry(tx, entry.id);
    return entry.orderId;
  });
  return orderTime(ctx, caller, orderId);
}

/**
 * Each member's minutes in a week (Monday to Sunday): every member's for one who assigns the work
 * (`orders.assign`), one's own for the others.
 */
export async function timeWeek(ctx: Context, caller: SessionUser, day?: string): Promise<TimeWeek> {
  const week = weekOf(day ? new Date(`${day}T00:00:00.000Z`) : ctx.now());
  const rows = await minutesByMember(ctx.db, week.firstDay, week.lastDay);
  const members = can(caller, "orders.assign") ? rows : rows.filter((row) => row.memberId === caller.id);
  return { weekStart: week.firstDay, members };
}
