import type { BriefQuestion, BriefQuestionKind } from "@agency/contract";
import { type FormEvent, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { QueryView } from "../../../components/query-view";
import { errorMessage } from "../../../lib/api";
import { localKey } from "../../../lib/local-key";
import { briefQuestionsPage as t } from "../../../lib/messages";
import { notifyDone, notifyError, notifyFormProblem } from "../../../lib/toast";
import { useBriefQuestions, useSaveBriefQuestions } from "../api/brief";

type Draft = { key: string; _id?: string; label: string; kind: BriefQuestionKind; required: boolean };

const kinds = Object.keys(t.kinds) as BriefQuestionKind[];

const draft = (question?: BriefQuestion): Draft => ({
  key: localKey("question"),
  _id: question?._id,
  label: question?.label ?? "",
  kind: question?.kind ?? "text",
  required: question?.required ?? false,
});

/** A plan's brief questions, loaded and then edited as a whole. */
export function BriefQuestionsEditor({ planId }: { planId: string }) {
  const questions = useBriefQuestions(planId);
  return (
    <QueryView query={questions} failed={t.loadFailed}>
      {/* Keyed by the plan: another plan starts from its own questions. */}
      {(saved) => <QuestionsForm key={planId} planId={planId} saved={saved} />}
    </QueryView>
  );
}

const formId = "brief-questions";

function QuestionsForm({ planId, saved }: { planId: string; saved: readonly BriefQuestion[] }) {
  const id = useId();
  const save = useSaveBriefQuestions(planId);
  const [drafts, setDrafts] = useState(() => saved.map(draft));

  const change = (key: string, patch: Partial<Draft>) =>
    setDrafts((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const move = (index: number, by: -1 | 1) =>
    setDrafts((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    if (drafts.some((item) => item.label.trim() === "")) {
      notifyFormProblem(t.labelMissing, formId);
      return;
    }
    try {
      const stored = await save.mutateAsync({
        questions: drafts.map(({ _id, label, kind, required }) => ({
          _id,
          label: label.trim(),
          kind,
          required,
        })),
      });
      setDrafts(stored.map(draft));
      notifyDone(t.saved);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <Form onSubmit={onSubmit} aria-label={t.heading} noValidate>
      {drafts.length === 0 ? <p className="text-body-secondary">{t.none}</p> : null}
      <ol className="list-unstyled d-grid gap-3">
        {drafts.map((item, index) => (
          <li key={item.key} className="card border-0 shadow-sm">
            <div className="card-body row g-2 align-items-end">
              <Form.Group className="col-12 col-md-6" controlId={`${id}-${item.key}-label`}>
                <Form.Label>{t.label}</Form.Label>
                <Form.Control
                  value={item.label}
                  maxLength={200}
                  required
                  isInvalid={save.isError && item.label.trim() === ""}
                  onChange={(event) => change(item.key, { label: event.target.value })}
                />
              </Form.Group>
              <Form.Group className="col-6 col-md-3" controlId={`${id}-${item.key}-kind`}>
                <Form.Label>{t.kind}</Form.Label>
                <Form.Select
                  value={item.kind}
                  onChange={(event) => change(item.key, { kind: event.target.value as BriefQuestionKind })}
                >
                  {kinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {t.kinds[kind]}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <div className="col-6 col-md-3">
                <Form.Check
                  id={`${id}-${item.key}-required`}
                  label={t.required}
                  checked={item.required}
                  onChange={(event) => change(item.key, { required: event.currentTarget.checked })}
                />
              </div>
              <div className="col-12 d-flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={t.moveUp(item.label)}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={index === drafts.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={t.moveDown(item.label)}
                >
                  ↓
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  className="ms-auto"
                  onClick={() => setDrafts((current) => current.filter((other) => other.key !== item.key))}
                >
                  {t.remove(item.label)}
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-primary" onClick={() => setDrafts((current) => [...current, draft()])}>
          {t.add}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </Button>
      </div>
    </Form>
  );
}
