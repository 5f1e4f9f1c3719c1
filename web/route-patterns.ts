import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

type Entry = { id: string; parentId?: string; path?: string };

/**
 * The app's URL patterns ("/dashboard/payment/:_id"), without the catch-all. The server reads them
 * to answer paths no screen matches with HTTP 404 (the page still shows the not-found screen).
 */
export function writeRoutePatterns(routes: Record<string, Entry>, buildDirectory: string) {
  const fullPath = (entry: Entry): string => {
    const parent = entry.parentId ? routes[entry.parentId] : undefined;
    const own = entry.path ?? "";
    const base = parent ? fullPath(parent) : "";
    return own.startsWith("/") ? own : `${base.replace(/\/$/, "")}/${own}`;
  };
  const patterns = [
    ...new Set(
      Object.values(routes)
        .map((entry) => fullPath(entry).replace(/\/+$/, "") || "/")
        .filter((pattern) => !pattern.includes("*")),
    ),
  ].sort();
  const file = path.join(buildDirectory, "client", "route-patterns.json");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(patterns));
}
