import { type OrderDetail, type SubmitBriefBody, workflowMessages } from "@agency/contract";
import { findOrder } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { orderBriefs, type StoredBriefAnswer } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { type QuestionRow, questionRowsOfPlan } from "./brief-questions.js";
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

/** Customer: the brief's answers, given (or changed) while the order waits for the work to start. */
export async function submitBrief(
  db: Database,
  caller: SessionUser,
  id: string,
  body: SubmitBriefBody,
): Promise<OrderDetail> {
  const row = await findOwnPaidOrder(db, caller, id);
  if (row.state !== "submitted") throw new AppError("conflict", workflowMessages.briefClosed);
  const answers = checkAnswers(await questionRowsOfPlan(db, row.planId), body.answers);
  await db
    .insert(orderBriefs)
    .values({ orderId: row.id, answers })
    .onConflictDoUpdate({ target: orderBriefs.orderId, set: { answers, submittedAt: new Date() } });
  return orderDetail(db, await findOrder(db, row.id));
}
