import { type FormEvent, useState } from "react";
import { ApiError } from "./api";

/** Any schema of the contract: the form needs only its safeParse. */
export interface FormSchema<Body> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: Body }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** Problems by field, e.g. { title: "Title is required", "features.2.name": "…" }. */
export type Problems = Record<string, string>;

type Options<Values, Body> = {
  /** The form's values as typed (text as text), before they become the contract's body. */
  initial: Values | (() => Values);
  /** The contract schema that checks the body here, for quick feedback; the server checks it again. */
  schema: FormSchema<Body>;
  /** The body the schema reads, from the values typed (an empty price box is no number at all). */
  toBody?: (values: Values) => unknown;
  /**
   * The label a problem at `path` starts with ("Title is required"); without it the schema's
   * message is shown as it is.
   */
  label?: (path: string) => string;
  /** The field a problem at `path` (e.g. "social.0.href") is shown under; the path itself by default. */
  fieldOf?: (path: string) => string | undefined;
  /** Sends the body; a refusal with field problems shows them under their fields. */
  onSubmit: (body: Body) => Promise<unknown>;
  /** Empties the form (back to `initial`) once the body has been sent. */
  resetAfterSubmit?: boolean;
};

/**
 * The editor forms' state: the values typed, each field's problem (from the contract's schema, or
 * from the server, which checks everything again) and whether a submit is under way.
 */
export function useContractForm<Values, Body>({
  initial,
  schema,
  toBody = (values) => values,
  label,
  fieldOf = (path) => path,
  onSubmit,
  resetAfterSubmit = false,
}: Options<Values, Body>) {
  const [first] = useState(initial);
  const [values, setValues] = useState<Values>(first);
  const [problems, setProblems] = useState<Problems>({});
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  function show(found: { path: string; message: string }[]) {
    const byField: Problems = {};
    for (const { path, message } of found) {
      const field = fieldOf(path);
      if (field !== undefined) byField[field] ??= label ? `${label(path)} ${message}` : message;
    }
    setProblems(byField);
    setInvalid(found.length > 0);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = schema.safeParse(toBody(values));
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
      if (resetAfterSubmit) setValues(first);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        show(Object.entries(error.fields).map(([path, message]) => ({ path, message })));
      }
    } finally {
      setBusy(false);
    }
  }

  /** Changes some of the values, leaving the others as they are. */
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));

  return {
    values,
    set,
    /** Each field's problem, worded "<label> <what is wrong>". */
    problems,
    /** Whether the last check found any problem, even one no field shows. */
    invalid,
    busy,
    submit,
  };
}

/** A number box's value for the schema: an empty box is no number at all, so the schema says it is missing. */
export function numberOrUndefined(value: string): number | undefined {
  return value.trim() === "" ? undefined : Number(value);
}
