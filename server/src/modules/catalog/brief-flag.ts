import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { pricingPlans } from "../../db/schema.js";

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
