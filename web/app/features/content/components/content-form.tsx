import type { ImageKind } from "@agency/contract";
import { Button, Form } from "react-bootstrap";
import { Field } from "../../../components/field";
import { ImageField } from "../../../components/image-field";
import { contentEditor as t } from "../../../lib/messages";
import { type FormSchema, useContractForm } from "../../../lib/use-contract-form";

/**
 * How one field of a content document is edited: plain text, a list written one item a line, a
 * list of pairs written "first | second", paragraphs separated by empty lines, a number or a picture.
 */
type FieldSpec = {
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
  schema: FormSchema<T>;
  submitLabel: string;
  onSubmit: (document: T) => Promise<unknown>;
}) {
  const specs = groups.flatMap((group) => group.fields);
  const form = useContractForm({
    initial: (): Values =>
      Object.fromEntries(specs.map((spec) => [spec.path, toText(spec, read(initial, spec.path))])),
    schema,
    toBody: (values) => {
      // Start from the saved document, so fields this form does not show keep their values.
      const document = structuredClone(initial) as Record<string, unknown>;
      for (const spec of specs) write(document, spec.path, fromText(spec, values[spec.path] ?? ""));
      return document;
    },
    fieldOf: (path) => fieldOf(groups, path),
    onSubmit,
  });
  const { values, problems } = form;
  const set = (path: string) => (value: string) => form.set({ [path]: value });

  return (
    <Form noValidate onSubmit={form.submit} aria-label={label}>
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
                <Field
                  key={spec.path}
                  id={id}
                  className={multiline ? "col-12" : "col-12 col-md-6"}
                  label={spec.label}
                  as={multiline ? "textarea" : undefined}
                  rows={multiline ? (spec.kind === "paragraphs" ? 6 : 3) : undefined}
                  type={spec.kind === "number" ? "number" : spec.kind === "email" ? "email" : "text"}
                  step={spec.kind === "number" ? "any" : undefined}
                  value={values[spec.path] ?? ""}
                  onChange={set(spec.path)}
                  problem={problem}
                />
              );
            })}
          </div>
        </fieldset>
      ))}
      {form.invalid ? (
        <p className="text-danger" role="alert">
          {t.fixFields}
        </p>
      ) : null}
      <Button type="submit" disabled={form.busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
