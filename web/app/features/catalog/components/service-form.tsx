import { type AdminService, ServiceBody } from "@agency/contract";
import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { ImageField } from "../../../components/image-field";
import { catalogEditor as t } from "../../../lib/messages";
import { type Problems, problemsOf, serverProblems } from "./form-problems";

type Fields = { title: string; description: string; image: string };
const empty: Fields = { title: "", description: "", image: "" };
const labels: Record<keyof Fields, string> = {
  title: t.serviceTitle,
  description: t.serviceDescription,
  image: t.serviceImage,
};
const label = (path: string) => labels[path as keyof Fields] ?? path;

/** A service's title, description and image (uploaded, a path under the site or a web address). */
export function ServiceForm({
  editing,
  onSubmit,
  onCancel,
}: {
  editing?: AdminService;
  onSubmit: (body: ServiceBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<Fields>(
    editing ? { title: editing.title, description: editing.description, image: editing.image } : empty,
  );
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const prefix = editing ? `service-${editing._id}` : "service-new";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ServiceBody.safeParse(values);
    if (!parsed.success) {
      setProblems(problemsOf(parsed.error, label));
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      if (!editing) setValues(empty);
    } catch (error) {
      setProblems(serverProblems(error, label) ?? {});
    } finally {
      setBusy(false);
    }
  }

  const field = (key: "title" | "description", as?: "textarea") => (
    <Form.Group className={as ? "col-12" : "col-12 col-md-6"} controlId={`${prefix}-${key}`}>
      <Form.Label>{labels[key]}</Form.Label>
      <Form.Control
        as={as}
        rows={as ? 3 : undefined}
        value={values[key]}
        onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        isInvalid={Boolean(problems[key])}
      />
      <Form.Control.Feedback type="invalid">{problems[key]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={submit} aria-label={editing ? `${t.edit}: ${editing.title}` : t.addService}>
      <div className="row g-3">
        {field("title")}
        <div className="col-12 col-md-6">
          <ImageField
            id={`${prefix}-image`}
            label={labels.image}
            kind="card"
            value={values.image}
            onChange={(image) => setValues((current) => ({ ...current, image }))}
            problem={problems.image}
          />
        </div>
        {field("description", "textarea")}
      </div>
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" disabled={busy}>
          {editing ? t.save : t.create}
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
