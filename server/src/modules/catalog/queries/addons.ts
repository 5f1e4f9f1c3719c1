import { and, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { planAddons } from "../../../db/schema.js";

export type AddonRow = typeof planAddons.$inferSelect;
type AddonColumns = Pick<typeof planAddons.$inferInsert, "name" | "priceCents" | "recurring">;

const inOrder = [asc(planAddons.position), asc(planAddons.createdAt)];

/** A plan's add-ons in the order the checkout lists them. */
export function addonsOfPlanInOrder(db: Database, planId: string): Promise<AddonRow[]> {
  return db
    .select()
    .from(planAddons)
    .where(eq(planAddons.planId, planId))
    .orderBy(...inOrder);
}

/** The add-ons of several plans, each plan's in its order. */
export function addonsOfPlansInOrder(db: Database, planIds: string[]): Promise<AddonRow[]> {
  return db
    .select()
    .from(planAddons)
    .where(inArray(planAddons.planId, planIds))
    .orderBy(...inOrder);
}

/** How many add-ons the plan has. */
export async function addonCountOfPlan(tx: Database, planId: string): Promise<number> {
  const [count] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(planAddons)
    .where(eq(planAddons.planId, planId));
  return count?.count ?? 0;
}

/** Whether another add-on of the plan (not `except`) has this name, whatever the case. */
export async function planHasAddonNamed(
  tx: Database,
  planId: string,
  name: string,
  except?: string,
): Promise<boolean> {
  const [taken] = await tx
    .select({ id: planAddons.id })
    .from(planAddons)
    .where(
      and(
        eq(planAddons.planId, planId),
        eq(sql`lower(${planAddons.name})`, name.toLowerCase()),
        except ? ne(planAddons.id, except) : undefined,
      ),
    );
  return taken !== undefined;
}

/** Stores an add-on after the plan's others; answers it as stored. */
export async function insertAddonLast(
  tx: Database,
  planId: string,
  columns: AddonColumns,
): Promise<AddonRow | undefined> {
  const [inserted] = await tx
    .insert(planAddons)
    .values({
      ...columns,
      planId,
      position: sql`(select coalesce(max(position), -1) + 1 from ${planAddons} where plan_id = ${planId})`,
    })
    .returning();
  return inserted;
}

/** The plan an add-on belongs to, read without a lock. */
export async function planIdOfAddon(tx: Database, id: string): Promise<string | undefined> {
  const [found] = await tx
    .select({ planId: planAddons.planId })
    .from(planAddons)
    .where(eq(planAddons.id, id));
  return found?.planId;
}

/** The add-on, locked until the transaction ends. */
export async function addonByIdForUpdate(tx: Database, id: string): Promise<AddonRow | undefined> {
  const [addon] = await tx.select().from(planAddons).where(eq(planAddons.id, id)).for("update");
  return addon;
}

/** The add-on as changed, or undefined when it is gone. */
export async function setAddonColumns(
  tx: Database,
  id: string,
  columns: AddonColumns,
): Promise<AddonRow | undefined> {
  const [updated] = await tx.update(planAddons).set(columns).where(eq(planAddons.id, id)).returning();
  return updated;
}

export async function deleteAddonRow(tx: Database, id: string): Promise<void> {
  await tx.delete(planAddons).where(eq(planAddons.id, id));
}

/** SQL: the rows of a plan's add-on list, for reordering it. */
export function addonsOfPlanScope(planId: string): SQL {
  return eq(planAddons.planId, planId);
}
