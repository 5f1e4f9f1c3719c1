import { asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { orders, pricingPlans } from "../../../db/schema.js";

export type PlanRow = typeof pricingPlans.$inferSelect;
type PlanColumns = Partial<typeof pricingPlans.$inferInsert>;

/** A plan with how many orders and renewing (active or past due) subscriptions it has. */
export type PlanWithCounts = { plan: PlanRow; orders: number; subscribers: number };

// Spelled out: inside a select list, drizzle would leave the outer column unqualified.
const orderCount = sql<number>`(select count(*) from orders o where o.plan_id = "pricing_plans"."id")`
  .mapWith(Number)
  .as("order_count");
const subscriberCount = sql<number>`(select count(*) from subscriptions s
    where s.plan_id = "pricing_plans"."id" and s.status in ('active', 'past_due'))`
  .mapWith(Number)
  .as("subscriber_count");

function selectPlansWithCounts(db: Database) {
  return db
    .select({ plan: pricingPlans, orders: orderCount, subscribers: subscriberCount })
    .from(pricingPlans);
}

/** Every plan, archived ones too, in their order on the page, with their counts. */
export function plansWithCountsInPageOrder(db: Database): Promise<PlanWithCounts[]> {
  return selectPlansWithCounts(db).orderBy(asc(pricingPlans.position), asc(pricingPlans.createdAt));
}

export async function planWithCountsById(db: Database, id: string): Promise<PlanWithCounts | undefined> {
  const [row] = await selectPlansWithCounts(db).where(eq(pricingPlans.id, id));
  return row;
}

/** The plans on offer (not archived), in their order on the page. */
export function offeredPlansInPageOrder(db: Database): Promise<PlanRow[]> {
  return db
    .select()
    .from(pricingPlans)
    .where(isNull(pricingPlans.archivedAt))
    .orderBy(asc(pricingPlans.position), asc(pricingPlans.createdAt));
}

/** The plan, archived or not. */
export async function planById(db: Database, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(pricingPlans).where(eq(pricingPlans.id, id));
  return row;
}

/** The plan, locked until the transaction ends. */
export async function planByIdForUpdate(tx: Database, id: string): Promise<PlanRow | undefined> {
  const [plan] = await tx.select().from(pricingPlans).where(eq(pricingPlans.id, id)).for("update");
  return plan;
}

/** Whether any order was placed for the plan. */
export async function planHasOrders(tx: Database, planId: string): Promise<boolean> {
  const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.planId, planId)).limit(1);
  return used !== undefined;
}

/** Stores a plan after every other one; answers it as stored. */
export async function insertPlanLast(
  tx: Database,
  values: Omit<typeof pricingPlans.$inferInsert, "position">,
): Promise<PlanRow | undefined> {
  const [inserted] = await tx
    .insert(pricingPlans)
    .values({
      ...values,
      position: sql`(select coalesce(max(position), -1) + 1 from ${pricingPlans})`,
    })
    .returning();
  return inserted;
}

/** The plan as changed, or undefined when it is gone. */
export async function setPlanColumns(
  tx: Database,
  id: string,
  values: PlanColumns,
): Promise<PlanRow | undefined> {
  const [row] = await tx.update(pricingPlans).set(values).where(eq(pricingPlans.id, id)).returning();
  return row;
}

/** Archives the plan (`archivedAt` set) or puts it back on offer (null). */
export async function setPlanArchivedAt(tx: Database, id: string, archivedAt: Date | null): Promise<void> {
  await tx.update(pricingPlans).set({ archivedAt }).where(eq(pricingPlans.id, id));
}

export async function deletePlanRow(tx: Database, id: string): Promise<void> {
  await tx.delete(pricingPlans).where(eq(pricingPlans.id, id));
}

/**
 * Marks a plan as asking its own brief questions, not the shop's defaults (the workflow module
 * keeps the questions). False when there is no such plan.
 */
export async function markPlanOwnBriefQuestions(tx: Database, planId: string): Promise<boolean> {
  const [plan] = await tx
    .update(pricingPlans)
    .set({ ownBriefQuestions: true })
    .where(eq(pricingPlans.id, planId))
    .returning({ id: pricingPlans.id });
  return plan !== undefined;
}
