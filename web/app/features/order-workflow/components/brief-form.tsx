import { type BriefQuestion, maxBriefAnswerLength } from "@agency/contract";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { ApiError, errorMessage } from "../../../lib/api";
import { briefTexts as t } from "../../../lib/messages";
import { notifyFormFailure, notifyFormProblem, notifyFormSuccess } from "../../../lib/toast";
import { useSubmitBrief } from "../api/brief";
import { type BriefAnswers, briefBody, briefProblems } from "../brief-rules";

const formId = "brief-form";

/** The server's reasons by question, when it names them (`answers.<id>` or the id itself). */
function problemsFromServer(error: unknown, questions: readonly BriefQuestion[]): BriefAnswers {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const problems: BriefAnswers = {};
  for (const [field, reason] of Object.entries(error.fields)) {
    const question = questions.find((q) => field === q._id || field.endsWith(`.${q._id}`));
    if (question) problems[question._id] = reason;
  }
  return problems;
}

/**
 * The plan's questions after payment. Required ones must be answered and a web address must be one:
 * each problem shows under its question, the first one takes the focus, and nothing is sent.
 */
export function BriefForm({
  orderId,
  questions,
  initial = {},
  onSent,
}: {
  orderId: string;
  questions: readonly BriefQuestion[];
  initial?: BriefAnswers;
  onSent?: () => void;
}) {
  const id = useId();
  const submit = useSubmitBrief(orderId);
  const [answers, setAnswers] = useState<BriefAnswers>(initial);
  const [problems, setProblems] = useState<BriefAnswers>({});
  const fieldId = (question: BriefQuestion) => `${id}-${question._id}`;

  function showProblems(found: BriefAnswers) {
    setProblems(found);
    const first = questions.find((question) => found[question._id]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.isPending) return;
    const found = briefProblems(questions, answers);
    if (Object.keys(found).length > 0) {
      showProblems(found);
      notifyFormProblem(t.fixBelow, formId);
      return;
    }
    setProblems({});
    try {
      await submit.mutateAsync(briefBody(questions, answers));
      notifyFormSuccess(t.sent, formId);
      onSent?.();
    } catch (error) {
      showProblems(problemsFromServer(error, questions));
      notifyFormFailure(errorMessage(error), formId);
    }
  }

  const fieldProps = (question: BriefQuestion) => {
    const problem = problems[question._id];
    return {
      value: answers[question._id] ?? "",
      maxLength: maxBriefAnswerLength,
      required: question.required,
      "aria-required": question.required,
      isInvalid: Boolean(problem),
      "aria-invalid": problem ? true : undefined,
      "aria-describedby": problem ? `${fieldId(question)}-problem` : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setAnswers({ ...answers, [question._id]: event.target.value }),
    };
  };

  return (
    <Form onSubmit={onSubmit} aria-label={t.heading} noValidate>
      <p className="text-body-secondary">{t.lead}</p>
      {questions.map((question) => {
        const problem = problems[question._id];
        return (
          <Form.Group key={question._id} className="mb-3" controlId={fieldId(question)}>
            <Form.Label>
              {question.label}
              {question.required ? <span className="text-body-secondary small"> ({t.required})</span> : null}
            </Form.Label>
            {question.kind === "textarea" ? (
              <Form.Control as="textarea" rows={4} {...fieldProps(question)} />
            ) : (
              <Form.Control
                type={question.kind === "url" ? "url" : "text"}
                inputMode={question.kind === "url" ? "url" : undefined}
                placeholder={question.kind === "url" ? "https://" : undefined}
                {...fieldProps(question)}
              />
            )}
            <Form.Control.Feedback type="invalid" id={`${fieldId(question)}-problem`}>
              {problem}
            </Form.Control.Feedback>
          </Form.Group>
        );
      })}
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? t.sending : t.submit}
      </Button>
    </Form>
  );
}
