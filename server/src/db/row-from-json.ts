import { getTableColumns, type Table } from "drizzle-orm";

/**
 * A row of `table` from its `to_jsonb` (a statement that answers whole rows as one JSON value
 * each), as a select of that table would answer it: each column under its key, through the
 * column's own conversion (timestamps become dates).
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
