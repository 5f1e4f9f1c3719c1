import { type Brief, type BriefQuestion, isId, type UpdateBriefQuestionsBody } from "@agency/contract";
import type { OrderRow } from "../../auth/order-access.js";
import type { Database } from "../../db/client.js";
import { notFound } from "../../errors.js";
import { markPlanOwnBriefQuestions } from "../catalog/index.js";
import { currentPeriodRow } from "../orders/index.js";
import {
  briefOfOrderRow,
  briefQuestionIdsOfPlan,
  briefQuestionsInOrder,
  deleteBriefQuestion,
  insertBriefQuestion,
  planOwnsBriefQuestions,
  type QuestionRow,
  updateBriefQuestion,
} from "./queries.js";

function toBriefQuestion(row: QuestionRow): BriefQuestion {
  return { _id: row.id, label: row.label, kind: row.kind, required: row.required };
}

/** A plan's questions: its own once an admin edited them, the default ones until then. */
export async function questionRowsOfPlan(db: Database, planId: string | null): Promise<QuestionRow[]> {
  // Custom work (no plan) asks the questions every plan shares.
  const plan = planId ? await planOwnsBriefQuestions(db, planId) : { own: false };
  if (!plan) throw notFound("The plan");
  return briefQuestionsInOrder(db, plan.own && planId ? planId : null);
}

export async function planBriefQuestions(db: Database, planId: string): Promise<BriefQuestion[]> {
  if (!isId(planId)) throw notFound("The plan");
  return (await questionRowsOfPlan(db, planId)).map(toBriefQuestion);
}

/**
 * Admin: the plan's questions become exactly these, in this order. Questions keep their ids when
 * named (answers already given keep their own copy of the label either way).
 */
export async function updatePlanBriefQuestions(
  db: Database,
  planId: string,
  body: UpdateBriefQuestionsBody,
): Promise<BriefQuestion[]> {
  if (!isId(planId)) throw notFound("The plan");
  await db.transaction(async (tx) => {
    if (!(await markPlanOwnBriefQuestions(tx, planId))) throw notFound("The plan");
    const existing = new Set((await briefQuestionIdsOfPlan(tx, planId)).map((row) => row.id));
    const kept = new Set<string>();
    for (const [position, question] of body.questions.entries()) {
      const values = { label: question.label, kind: question.kind, required: question.required, position };
      if (question._id && existing.has(question._id) && !kept.has(question._id)) {
        kept.add(question._id);
        await updateBriefQuestion(tx, planId, question._id, values);
      } else {
        await insertBriefQuestion(tx, { ...values, planId });
      }
    }
    for (const id of existing) {
      if (!kept.has(id)) await deleteBriefQuestion(tx, id);
    }
  });
  return planBriefQuestions(db, planId);
}

/**
 * The brief as the order's page shows it. After a renewal the answers are those of the period
 * before (`carriedOver`) until the customer confirms or edits them for this one (`confirmedAt`).
 */
export async function briefOfOrder(db: Database, order: OrderRow): Promise<Brief> {
  const [questions, brief, period] = await Promise.all([
    questionRowsOfPlan(db, order.planId),
    briefOfOrderRow(db, order.id),
    currentPeriodRow(db, order.id),
  ]);
  const answers = brief?.answers ?? null;
  return {
    questions: questions.map(toBriefQuestion),
    answers,
    submittedAt: brief?.submittedAt.toISOString() ?? null,
    carriedOver: answers !== null && (period?.number ?? 1) > 1,
    confirmedAt: (period ? period.briefConfirmedAt : brief?.submittedAt)?.toISOString() ?? null,
  };
}
