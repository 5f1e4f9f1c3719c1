import { type Blog, BlogBody } from "@agency/contract";
import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { ApiError } from "../../../lib/api";
import { adminPages as t } from "../../../lib/messages";

type Fields = Record<keyof BlogBody, string>;
const empty: Fields = { title: "", topic: "", blogLink: "", img: "" };

const labels: Record<keyof BlogBody, string> = {
  title: t.blogTitle,
  topic: t.blogTopic,
  blogLink: t.blogLink,
  img: t.blogImage,
};

/** The blog editor's form: the contract's rules are checked here for quick feedback and again on the server. */
export function BlogForm({
  editing,
  onSubmit,
  onCancel,
}: {
  editing?: Blog;
  onSubmit: (body: BlogBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<Fields>(editing ? { ...editing } : empty);
  const [problems, setProblems] = useState<Partial<Fields>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = BlogBody.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Fields> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof BlogBody;
        found[key] ??= `${labels[key]} ${issue.message}`;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      if (!editing) setValues(empty);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setProblems(error.fields as Partial<Fields>);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form noValidate onSubmit={submit} aria-label={editing ? t.save : t.blogHeading}>
      <div className="row g-3">
        {(Object.keys(labels) as (keyof BlogBody)[]).map((key) => (
          <Form.Group
            key={key}
            className="col-12 col-md-6"
            controlId={`blog-${key}${editing ? "-edit" : ""}`}
          >
            <Form.Label>{labels[key]}</Form.Label>
            <Form.Control
              value={values[key]}
              onChange={(event) => setValues({ ...values, [key]: event.target.value })}
              isInvalid={Boolean(problems[key])}
              type={key === "blogLink" ? "url" : "text"}
            />
            <Form.Control.Feedback type="invalid">{problems[key]}</Form.Control.Feedback>
          </Form.Group>
        ))}
      </div>
      {values.img && !problems.img ? (
        <img
          src={values.img}
          alt=""
          className="mt-3 rounded border"
          style={{ maxHeight: 120, maxWidth: "100%" }}
        />
      ) : null}
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" disabled={busy}>
          {editing ? t.save : t.publish}
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
