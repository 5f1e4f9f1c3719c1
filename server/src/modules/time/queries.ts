import { and, asc, desc, eq, gte, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orderPeriods, orders, pricingPlans, timeEntries, user } from "../../db/schema.js";

export type TimeEntryRow = typeof timeEntries.$inferSelect;

/** The columns an entry is shown with: its order's number and its author's name beside it. */
const shown = {
  entry: timeEntries,
  orderNumber: orders.number,
  memberName: user.name,
};

export type ShownEntry = { entry: TimeEntryRow; orderNumber: number; memberName: string };

function withNames(db: Database) {
  return db
    .select(shown)
    .from(timeEntries)
    .innerJoin(orders, eq(orders.id, timeEntries.orderId))
    .innerJoin(user, eq(user.id, timeEntries.memberId));
}

/** The order's entries, newest first (a running timer first of all). */
export function entriesOfOrder(db: Database, orderId: string): Promise<ShownEntry[]> {
  return withNames(db)
    .where(eq(timeEntries.orderId, orderId))
    .orderBy(
      sql`${timeEntries.endedAt} is null and ${timeEntries.startedAt} is not null desc`,
      desc(timeEntries.day),
      desc(timeEntries.createdAt),
    )
    .limit(500);
}

/** One entry with its names, locked for a change when asked. */
export async function shownEntry(db: Database, id: string, lock = false): Promise<ShownEntry | undefined> {
  const query = withNames(db).where(eq(timeEntries.id, id));
  const [row] = lock ? await query.for("update", { of: timeEntries }) : await query;
  return row;
}

/** The member's running timer, locked for a change when asked. */
export async function runningOf(
  db: Database,
  memberId: string,
  lock = false,
): Promise<ShownEntry | undefined> {
  const query = withNames(db).where(
    and(eq(timeEntries.memberId, memberId), isNotNull(timeEntries.startedAt), isNull(timeEntries.endedAt)),
  );
  const [row] = lock ? await query.for("update", { of: timeEntries }) : await query;
  return row;
}

export async function insertEntry(
  tx: Database,
  values: typeof timeEntries.$inferInsert,
): Promise<TimeEntryRow> {
  const [row] = await tx.insert(timeEntries).values(values).returning();
  if (!row) throw new Error("The time entry was not written.");
  return row;
}

export async function updateEntry(
  tx: Database,
  id: string,
  changes: Partial<typeof timeEntries.$inferInsert>,
): Promise<void> {
  await tx.update(timeEntries).set(changes).where(eq(timeEntries.id, id));
}

export async function deleteEntry(tx: Database, id: string): Promise<void> {
  await tx.delete(timeEntries).where(eq(timeEntries.id, id));
}

/** Each member's stopped minutes in the days from `from` to `to`, with their billable part. */
export function minutesByMember(db: Database, from: string, to: string) {
  return db
    .select({
      memberId: timeEntries.memberId,
      memberName: user.name,
      minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::int`,
      billableMinutes: sql<number>`coalesce(sum(${timeEntries.minutes}) filter (where ${timeEntries.billable}), 0)::int`,
    })
    .from(timeEntries)
    .innerJoin(user, eq(user.id, timeEntries.memberId))
    .where(and(gte(timeEntries.day, from), lte(timeEntries.day, to), isNotNull(timeEntries.minutes)))
    .groupBy(timeEntries.memberId, user.name)
    .orderBy(user.name);
}

/** What the order's plan says of its time: the expected minutes and whether the client sees hours. */
export async function planTimeOf(db: Database, planId: string | null) {
  if (!planId) return { expectedMinutes: null, hoursToClient: false };
  const [plan] = await db
    .select({ expectedMinutes: pricingPlans.expectedMinutes, hoursToClient: pricingPlans.hoursToClient })
    .from(pricingPlans)
    .where(eq(pricingPlans.id, planId));
  return plan ?? { expectedMinutes: null, hoursToClient: false };
}

/** The order's work periods (1 for the purchase, one more per renewal), oldest first. */
export function periodsOf(db: Database, orderId: string) {
  return db
    .select({ number: orderPeriods.number, startedAt: orderPeriods.startedAt })
    .from(orderPeriods)
    .where(eq(orderPeriods.orderId, orderId))
    .orderBy(asc(orderPeriods.number));
}
