import type { z } from "zod";
import { ApiError } from "../../../lib/api";

/** Problems by field path ("features.2.name"), each worded "<label> <what is wrong>". */
export type Problems = Record<string, string>;

export function problemsOf(error: z.ZodError, label: (path: string) => string): Problems {
  const found: Problems = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".");
    found[path] ??= `${label(path)} ${issue.message}`;
  }
  return found;
}

/** The server's own field problems (it checks everything again), worded the same way. */
export function serverProblems(error: unknown, label: (path: string) => string): Problems | null {
  if (!(error instanceof ApiError) || !error.fields) return null;
  return Object.fromEntries(
    Object.entries(error.fields).map(([path, message]) => [path, `${label(path)} ${message}`]),
  );
}
