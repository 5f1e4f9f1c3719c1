import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  briefQuestions,
  orderBriefs,
  orderEvents,
  pricingPlans,
  type StoredBriefAnswer,
} from "../../db/schema.js";

export type QuestionRow = typeof briefQuestions.$inferSelect;
type OrderBriefRow = typeof orderBriefs.$inferSelect;
type OrderEventRow = typeof orderEvents.$inferSelect;
type QuestionValues = Pick<QuestionRow, "label" | "kind" | "required" | "position">;

/**
 * The order's history, oldest first. Changes written in one transaction share its time: a
 * period's entries come before the next one's.
 */
export function eventsOfOrderOldestFirst(db: Database, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.period), asc(orderEvents.id));
}

/** Whether the plan asks its own questions; undefined when there is no such plan. */
export async function planOwnsBriefQuestions(
  db: Database,
  planId: string,
): Promise<{ own: boolean } | undefined> {
  const [plan] = await db
    .select({ own: pricingPlans.ownBriefQuestions })
    .from(pricingPlans)
    .where(eq(pricingPlans.id, planId));
  return plan;
}

/** The plan's own questions, or those every plan shares for null, in their order. */
export function briefQuestionsInOrder(db: Database, planId: string | null): Promise<QuestionRow[]> {
  return db
    .select()
    .from(briefQuestions)
    .where(planId ? eq(briefQuestions.planId, planId) : isNull(briefQuestions.planId))
    .orderBy(asc(briefQuestions.position), asc(briefQuestions.createdAt));
}

/** The ids of the plan's own questions. */
export function briefQuestionIdsOfPlan(tx: Database, planId: string): Promise<{ id: string }[]> {
  return tx.select({ id: briefQuestions.id }).from(briefQuestions).where(eq(briefQuestions.planId, planId));
}

export async function updateBriefQuestion(
  tx: Database,
  planId: string,
  id: string,
  values: QuestionValues,
): Promise<void> {
  await tx
    .update(briefQuestions)
    .set(values)
    .where(and(eq(briefQuestions.id, id), eq(briefQuestions.planId, planId)));
}

export async function insertBriefQuestion(
  tx: Database,
  values: QuestionValues & { planId: string },
): Promise<void> {
  await tx.insert(briefQuestions).values(values);
}

export async function deleteBriefQuestion(tx: Database, id: string): Promise<void> {
  await tx.delete(briefQuestions).where(eq(briefQuestions.id, id));
}

/** The order's brief; undefined before the customer gave one. */
export async function briefOfOrderRow(db: Database, orderId: string): Promise<OrderBriefRow | undefined> {
  const [brief] = await db.select().from(orderBriefs).where(eq(orderBriefs.orderId, orderId));
  return brief;
}

/** Stores the order's brief, or replaces its answers and when they were given. */
export async function saveOrderBrief(
  tx: Database,
  orderId: string,
  answers: StoredBriefAnswer[],
): Promise<void> {
  await tx
    .insert(orderBriefs)
    .values({ orderId, answers })
    .onConflictDoUpdate({ target: orderBriefs.orderId, set: { answers, submittedAt: new Date() } });
}
