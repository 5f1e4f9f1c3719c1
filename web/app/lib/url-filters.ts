import { useState } from "react";

/** The list's filters as they stand in the address's query string (empty ones left out). */
function readFilters<Key extends string>(keys: readonly Key[]): Partial<Record<Key, string>> {
  if (typeof window === "undefined") return {};
  const params = new URLSearchParams(window.location.search);
  const found: Partial<Record<Key, string>> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value) found[key] = value;
  }
  return found;
}

/**
 * An admin list's search and filters, kept in the address (`?q=…&role=…`), so a narrowed list
 * can be reloaded or shared; a change replaces the address rather than adding a history entry.
 */
export function useUrlFilters<Key extends string>(keys: readonly Key[]) {
  const [filters, setFilters] = useState(() => readFilters(keys));
  function update(next: Partial<Record<Key, string | undefined>>) {
    const merged = { ...filters, ...next };
    const params = new URLSearchParams(window.location.search);
    for (const key of keys) {
      const value = merged[key];
      if (value) params.set(key, value);
      else {
        params.delete(key);
        delete merged[key];
      }
    }
    const query = params.toString();
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${query ? `?${query}` : ""}`,
    );
    setFilters(merged as Partial<Record<Key, string>>);
  }
  return [filters, update] as const;
}

/** The filters as the list call's query (`&q=…`), empty ones left out. */
export function filterQuery(filters: Record<string, string | undefined>): string {
  const present = Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return present.length === 0 ? "" : `&${new URLSearchParams(present).toString()}`;
}
