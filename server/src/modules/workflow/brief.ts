import { type OrderDetail, type SubmitBriefBody, workflowMessages } from "@agency/contract";
import { findOrder } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import type { StoredBriefAnswer } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { emitDomainEvent } from "../../events.js";
import { confirmPeriodBrief } from "../orders/index.js";
import { questionRowsOfPlan } from "./brief-questions.js";
import { briefOfOrderRow, type QuestionRow, saveOrderBrief } from "./queries.js";
import { findOwnPaidOrder, orderDetail } from "./service.js";

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.includes("://") ? value : `https://${value}`);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** Each answer against its question; every problem is reported by question id. */
function checkAnswers(questions: QuestionRow[], answers: SubmitBriefBody["answers"]): StoredBriefAnswer[] {
  const fields: Record<string, string> = {};
  const known = new Set(questions.map((question) => question.id));
  for (const id of Object.keys(answers)) {
    if (!known.has(id)) fields[id] = "is not a question of this brief";
  }
  const stored: StoredBriefAnswer[] = [];
  for (const question of questions) {
    const value = answers[question.id]?.trim() ?? "";
    if (!value) {
      if (question.required) fields[question.id] = "is required";
      continue;
    }
    if (question.kind === "url" && !isWebAddress(value)) fields[question.id] = "must be a web address";
    else if (question.kind !== "textarea" && value.includes("\n")) fields[question.id] = "must be one line";
    stored.push({ questionId: question.id, label: question.label, value });
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError("bad_request", "Please check the answers of the brief.", fields);
  }
  return stored;
}

/**
 * Customer: the brief's answers, given (or changed) while the order waits for the work to start.
 * They are the brief of the current work period too, confirmed now.
 */
export async function submitBrief(
  db: Database,
  caller: SessionUser,
  id: string,
  body: SubmitBriefBody,
): Promise<OrderDetail> {
  const row = await findOwnPaidOrder(db, caller, id);
  if (row.state !== "submitted") throw new AppError("conflict", workflowMessages.briefClosed);
  const answers = checkAnswers(await questionRowsOfPlan(db, row.planId), body.answers);
  await db.transaction(async (tx) => {
    await saveOrderBrief(tx, row.id, answers);
    await confirmPeriodBrief(tx, row.id, answers);
    await emitDomainEvent(tx, "brief.submitted", { order: { id: row.id }, at: new Date() });
  });
  return orderDetail(db, await findOrder(db, row.id), caller);
}

/**
 * Customer: the brief carried over from the period before is right for this one as it is. It is
 * checked against the plan's questions as they are now (a question added since must be answered
 * with an edit), and kept as this period's brief.
 */
export async function confirmBrief(db: Database, caller: SessionUser, id: string): Promise<OrderDetail> {
  const row = await findOwnPaidOrder(db, caller, id);
  if (row.state !== "submitted") throw new AppError("conflict", workflowMessages.briefClosed);
  const brief = await briefOfOrderRow(db, row.id);
  if (!brief) throw new AppError("conflict", workflowMessages.noBriefToConfirm);
  const given = Object.fromEntries(brief.answers.map((answer) => [answer.questionId, answer.value]));
  const questions = await questionRowsOfPlan(db, row.planId);
  const known = new Set(questions.map((question) => question.id));
  // Answers to questions removed since are left out, as an edit would leave them.
  const answers = checkAnswers(
    questions,
    Object.fromEntries(Object.entries(given).filter(([questionId]) => known.has(questionId))),
  );
  await db.transaction((tx) => confirmPeriodBrief(tx, row.id, answers));
  return orderDetail(db, await findOrder(db, row.id), caller);
}
