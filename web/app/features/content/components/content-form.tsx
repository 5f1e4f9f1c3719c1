import type { ImageKind } from "@agency/contract";
import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { ImageField } from "../../../components/image-field";
import { ApiError } from "../../../lib/api";
import { contentEditor as t } from "../../../lib/messages";

/**
 * How one field of a content document is edited: plain text, a list written one item a line, a
 * list of pairs written "first | second", paragraphs separated by empty lines, a number or a picture.
 */
export type FieldSpec = {
  /** The field's path in the document, e.g. "hero.heading" or "campaigns.0.points". */
  path: string;
  label: string;
  kind?: "text" | "long" | "lines" | "paragraphs" | "pairs" | "number" | "image" | "email";
  /** For "pairs": the two properties of each item. */
  pair?: [string, string];
  /** For "image": the sizes it is cut to. */
  image?: ImageKind;
};
export type FieldGroup = { heading?: string; fields: FieldSpec[] };

type Values = Record<string, string>;

function read(document: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], document);
}

function write(document: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let target: Record<string, unknown> = document;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      target[key] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(keys[index + 1] ?? "");
    target[key] ??= nextIsIndex ? [] : {};
    target = target[key] as Record<string, unknown>;
  });
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

function toText(spec: FieldSpec, value: unknown): string {
  switch (spec.kind) {
    case "lines":
      return ((value as string[] | undefined) ?? []).join("\n");
    case "paragraphs":
      return ((value as string[] | undefined) ?? []).join("\n\n");
    case "pairs": {
      const [first, second] = spec.pair ?? ["label", "value"];
      return ((value as Record<string, string>[] | undefined) ?? [])
        .map((item) => `${item[first]} | ${item[second]}`)
        .join("\n");
    }
    default:
      return value === undefined || value === null ? "" : String(value);
  }
}

function fromText(spec: FieldSpec, text: string): unknown {
  switch (spec.kind) {
    case "lines":
      return lines(text);
    case "paragraphs":
      return text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.replace(/\s*\n\s*/g, " ").trim())
        .filter(Boolean);
    case "pairs": {
      const [first, second] = spec.pair ?? ["label", "value"];
      return lines(text).map((line) => {
        const at = line.indexOf("|");
        return at < 0
          ? { [first]: line, [second]: "" }
          : { [first]: line.slice(0, at).trim(), [second]: line.slice(at + 1).trim() };
      });
    }
    case "number":
      return text.trim() === "" ? Number.NaN : Number(text);
    default:
      return text;
  }
}

/** The field a problem at `path` (e.g. "social.0.href") is shown under. */
function fieldOf(groups: FieldGroup[], path: string): string | undefined {
  const specs = groups.flatMap((group) => group.fields);
  return specs
    .map((spec) => spec.path)
    .filter((candidate) => path === candidate || path.startsWith(`${candidate}.`))
    .sort((a, b) => b.length - a.length)[0];
}

type Schema<T> = {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/**
 * An editor form for one content document (the site identity, the page texts): checked with the
 * contract's schema here for quick feedback, and again by the server.
 */
export function ContentForm<T>({
  label,
  groups,
  initial,
  schema,
  submitLabel,
  onSubmit,
}: {
  label: string;
  groups: FieldGroup[];
  initial: T;
  schema: Schema<T>;
  submitLabel: string;
  onSubmit: (document: T) => Promise<unknown>;
}) {
  const specs = groups.flatMap((group) => group.fields);
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(specs.map((spec) => [spec.path, toText(spec, read(initial, spec.path))])),
  );
  const [problems, setProblems] = useState<Values>({});
  const [summary, setSummary] = useState<string>();
  const [busy, setBusy] = useState(false);

  function show(found: { path: string; message: string }[]) {
    const byField: Values = {};
    for (const { path, message } of found) {
      const field = fieldOf(groups, path);
      if (field) byField[field] ??= message;
    }
    setProblems(byField);
    setSummary(found.length > 0 ? t.fixFields : undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Start from the saved document, so fields this form does not show keep their values.
    const document = structuredClone(initial) as Record<string, unknown>;
    for (const spec of specs) write(document, spec.path, fromText(spec, values[spec.path] ?? ""));
    const parsed = schema.safeParse(document);
    if (!parsed.success) {
      show(
        parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join("."),
          message: issue.message,
        })),
      );
      return;
    }
    show([]);
    setBusy(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        show(Object.entries(error.fields).map(([path, message]) => ({ path, message })));
      }
    } finally {
      setBusy(false);
    }
  }

  const set = (path: string) => (value: string) => setValues((current) => ({ ...current, [path]: value }));

  return (
    <Form noValidate onSubmit={submit} aria-label={label}>
      {groups.map((group, index) => (
        <fieldset key={group.heading ?? index} className="mb-4">
          {group.heading ? <legend className="h6 fw-semibold">{group.heading}</legend> : null}
          <div className="row g-3">
            {group.fields.map((spec) => {
              const id = `content-${spec.path.replaceAll(".", "-")}`;
              const problem = problems[spec.path];
              if (spec.kind === "image") {
                return (
                  <div key={spec.path} className="col-12">
                    <ImageField
                      id={id}
                      label={spec.label}
                      kind={spec.image ?? "section"}
                      value={values[spec.path] ?? ""}
                      onChange={set(spec.path)}
                      problem={problem}
                    />
                  </div>
                );
              }
              const multiline = ["long", "lines", "paragraphs", "pairs"].includes(spec.kind ?? "text");
              return (
                <Form.Group
                  key={spec.path}
                  controlId={id}
                  className={multiline ? "col-12" : "col-12 col-md-6"}
                >
                  <Form.Label>{spec.label}</Form.Label>
                  {multiline ? (
                    <Form.Control
                      as="textarea"
                      rows={spec.kind === "paragraphs" ? 6 : 3}
                      value={values[spec.path] ?? ""}
                      onChange={(event) => set(spec.path)(event.target.value)}
                      isInvalid={Boolean(problem)}
                    />
                  ) : (
                    <Form.Control
                      type={spec.kind === "number" ? "number" : spec.kind === "email" ? "email" : "text"}
                      step={spec.kind === "number" ? "any" : undefined}
                      value={values[spec.path] ?? ""}
                      onChange={(event) => set(spec.path)(event.target.value)}
                      isInvalid={Boolean(problem)}
                    />
                  )}
                  <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
                </Form.Group>
              );
            })}
          </div>
        </fieldset>
      ))}
      {summary ? (
        <p className="text-danger" role="alert">
          {summary}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
