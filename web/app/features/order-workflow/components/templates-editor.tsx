import { type ReplyTemplate, ReplyTemplateBody, templateVariables } from "@agency/contract";
import { type FormEvent, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { QueryView } from "../../../components/query-view";
import { confirmAction } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api";
import { templatesPage as t } from "../../../lib/messages/workday";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useTemplateActions, useTemplates } from "../api/templates";

/**
 * A template's name and text. The contract's own check runs before sending: an unknown variable is
 * said under the text at once (the server refuses it too).
 */
function TemplateForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial?: ReplyTemplate;
  submitLabel: string;
  onSave: (body: { name: string; body: string }) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? "");
  const [body, setBody] = useState(initial?.body ?? "");
  const [problems, setProblems] = useState<{ name?: string; body?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = ReplyTemplateBody.safeParse({ name, body });
    if (!checked.success) {
      const found: { name?: string; body?: string } = {};
      for (const issue of checked.error.issues) found[issue.path[0] as "name" | "body"] ??= issue.message;
      return setProblems(found);
    }
    setProblems({});
    setBusy(true);
    try {
      await onSave(checked.data);
      if (!initial) {
        setName("");
        setBody("");
      }
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Form.Group className="mb-2" controlId={`${id}-name`} style={{ maxWidth: 420 }}>
        <Form.Label>{t.name}</Form.Label>
        <Form.Control
          value={name}
          maxLength={80}
          isInvalid={Boolean(problems.name)}
          onChange={(e) => setName(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{problems.name}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${id}-body`}>
        <Form.Label>{t.body}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={body}
          isInvalid={Boolean(problems.body)}
          onChange={(e) => setBody(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{problems.body}</Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="outline-secondary" onClick={onCancel}>
            {t.cancel}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function TemplateItem({ template }: { template: ReplyTemplate }) {
  const actions = useTemplateActions();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="border-top py-3">
        <TemplateForm
          initial={template}
          submitLabel={t.save}
          onCancel={() => setEditing(false)}
          onSave={async (body) => {
            await actions.update.mutateAsync({ id: template._id, body });
            notifySuccess(t.added);
            setEditing(false);
          }}
        />
      </li>
    );
  }
  const remove = async () => {
    const confirmed = await confirmAction({
      title: template.name,
      text: t.deleteConfirm(template.name),
      confirmText: t.delete,
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await actions.remove.mutateAsync(template._id);
      notifySuccess(t.deleted);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  return (
    <li className="border-top py-3">
      <div className="d-flex flex-wrap gap-2 align-items-baseline justify-content-between">
        <h3 className="h6 mb-1">{template.name}</h3>
        <div className="d-flex gap-1">
          <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)}>
            {t.edit}
          </Button>
          <Button size="sm" variant="outline-danger" onClick={() => void remove()}>
            {t.delete}
          </Button>
        </div>
      </div>
      <p className="mb-0 small" style={{ whiteSpace: "pre-wrap" }}>
        {template.body}
      </p>
    </li>
  );
}

/** The team's reply templates: each shown with Edit and Delete, and a form for a new one. */
export function TemplatesEditor() {
  const templates = useTemplates();
  const actions = useTemplateActions();
  return (
    <>
      <p className="text-body-secondary">
        {t.lead} {templateVariables.map((name) => `{{${name}}}`).join(", ")}.
      </p>
      <div className="card border-0 shadow-sm mb-3">
        <div className="card-body">
          <TemplateForm
            submitLabel={t.add}
            onSave={async (body) => {
              await actions.create.mutateAsync(body);
              notifySuccess(t.added);
            }}
          />
        </div>
      </div>
      <div className="card border-0 shadow-sm">
        <div className="card-body">
          <QueryView query={templates} failed={t.failed}>
            {(list) =>
              list.length === 0 ? (
                <p className="mb-0">{t.none}</p>
              ) : (
                <ul className="list-unstyled mb-0">
                  {list.map((template) => (
                    <TemplateItem key={template._id} template={template} />
                  ))}
                </ul>
              )
            }
          </QueryView>
        </div>
      </div>
    </>
  );
}
