import { type Placeholder, sql } from "drizzle-orm";

/**
 * How a list's filter holds its values: written into its statement as parameters
 * (`inlineValues`), or as the placeholders of a statement built once for the filter's shape and
 * kept (`keptValues`), which fills them in at each run. A filter is written once, through this,
 * for both: every value that differs between two callers of the same shape goes through `value`,
 * so none is kept in a statement built for someone else.
 */
export type FilterValues = {
  /** `value` itself, or the placeholder `name` standing for it. */
  value<T>(name: string, value: T): T | Placeholder;
  /** Notes a condition without a value (as "unassigned") in the filter's shape. */
  part(name: string): void;
};

/** A list's filter as `keptValues` wrote it: the shape its statements are kept for, and its values. */
export type KeptFilter = { shape: string; values: Record<string, unknown> };

export const inlineValues: FilterValues = { value: (_name, value) => value, part: () => {} };

/**
 * A filter's values as placeholders: `kept()` answers the shape that names which conditions it
 * holds, and the values that fill them in. A name is given once: a second would take the first's
 * place in the values.
 */
export function keptValues(): FilterValues & { kept(): KeptFilter } {
  const values: Record<string, unknown> = {};
  const parts: string[] = [];
  const note = (name: string) => {
    if (parts.includes(name)) throw new Error(`a filter's value named twice: ${name}`);
    parts.push(name);
  };
  return {
    value(name, value) {
      note(name);
      values[name] = value;
      return sql.placeholder(name);
    },
    part: note,
    kept: () => ({ shape: parts.join("_") || "all", values }),
  };
}
