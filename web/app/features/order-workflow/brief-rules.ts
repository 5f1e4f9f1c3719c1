import { type BriefQuestion, maxBriefAnswerLength } from "@agency/contract";
import { briefTexts as t } from "../../lib/messages";

/** Answers as the form holds them: question id → text. */
export type BriefAnswers = Record<string, string>;

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * The first problem with each answer, by question id: a required question left empty, an answer
 * over the limit, a web address that is not one. The server checks the same again.
 */
export function briefProblems(questions: readonly BriefQuestion[], answers: BriefAnswers): BriefAnswers {
  const problems: BriefAnswers = {};
  for (const question of questions) {
    const answer = (answers[question._id] ?? "").trim();
    if (answer === "") {
      if (question.required) problems[question._id] = t.missing(question.label);
    } else if (answer.length > maxBriefAnswerLength) {
      problems[question._id] = t.tooLong(question.label, maxBriefAnswerLength);
    } else if (question.kind === "url" && !isWebAddress(answer)) {
      problems[question._id] = t.notAWebAddress(question.label);
    }
  }
  return problems;
}

/** What is sent: the answers given, trimmed (an optional question left empty is left out). */
export function briefBody(questions: readonly BriefQuestion[], answers: BriefAnswers) {
  const given = questions
    .map((question) => [question._id, (answers[question._id] ?? "").trim()] as const)
    .filter(([, answer]) => answer !== "");
  return { answers: Object.fromEntries(given) };
}
