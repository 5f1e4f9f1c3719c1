import { type BlogBody, BlogBody as BlogBodySchema, type BlogEntry } from "@agency/contract";
import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { ImageField } from "../../../components/image-field";
import { ApiError } from "../../../lib/api";
import { adminPages as t } from "../../../lib/messages";

type Field = "title" | "topic" | "slug" | "description" | "body" | "blogLink" | "img";
type Fields = Record<Field, string>;
const empty: Fields = { title: "", topic: "", slug: "", description: "", body: "", blogLink: "", img: "" };

const labels: Record<Field, string> = {
  title: t.blogTitle,
  topic: t.blogTopic,
  slug: t.blogSlug,
  description: t.blogDescription,
  body: t.blogBody,
  blogLink: t.blogLink,
  img: t.blogImage,
};

function fieldsOf(entry: BlogEntry): Fields {
  const { title, topic, slug, description, body, blogLink, img } = entry;
  return { title, topic, slug, description, body, blogLink, img };
}

/** The blog editor's form: the contract's rules are checked here for quick feedback and again on the server. */
export function BlogForm({
  editing,
  onSubmit,
  onCancel,
}: {
  editing?: BlogEntry;
  onSubmit: (body: BlogBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<Fields>(editing ? fieldsOf(editing) : empty);
  const [problems, setProblems] = useState<Partial<Fields>>({});
  const [busy, setBusy] = useState(false);
  const suffix = editing ? `-edit-${editing._id}` : "";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = BlogBodySchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Fields> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
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
      if (error instanceof ApiError && error.fields) {
        const found: Partial<Fields> = {};
        for (const [key, message] of Object.entries(error.fields)) {
          if (key in labels) found[key as Field] = `${labels[key as Field]} ${message}`;
        }
        setProblems(found);
      }
    } finally {
      setBusy(false);
    }
  }

  const control = (
    key: Field,
    options: { type?: string; rows?: number; help?: string; wide?: boolean } = {},
  ) => (
    <Form.Group className={options.wide ? "col-12" : "col-12 col-md-6"} controlId={`blog-${key}${suffix}`}>
      <Form.Label>{labels[key]}</Form.Label>
      {options.rows ? (
        <Form.Control
          as="textarea"
          rows={options.rows}
          value={values[key]}
          onChange={(event) => setValues({ ...values, [key]: event.target.value })}
          isInvalid={Boolean(problems[key])}
          className={key === "body" ? "font-monospace" : undefined}
        />
      ) : (
        <Form.Control
          type={options.type ?? "text"}
          value={values[key]}
          onChange={(event) => setValues({ ...values, [key]: event.target.value })}
          isInvalid={Boolean(problems[key])}
        />
      )}
      {options.help ? <Form.Text>{options.help}</Form.Text> : null}
      <Form.Control.Feedback type="invalid">{problems[key]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={submit} aria-label={editing ? t.save : t.blogHeading}>
      <div className="row g-3">
        {control("title")}
        {control("topic")}
        {control("slug", { help: t.blogSlugHelp })}
        {control("blogLink", { type: "url" })}
        {control("description", { rows: 2, wide: true })}
        {control("body", { rows: 12, wide: true, help: t.blogBodyHelp })}
        <div className="col-12">
          <ImageField
            id={`blog-img${suffix}`}
            label={labels.img}
            kind="card"
            value={values.img}
            onChange={(img) => setValues((current) => ({ ...current, img }))}
            problem={problems.img}
          />
        </div>
      </div>
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
