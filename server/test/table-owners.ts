import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getTableName, is, Table } from "drizzle-orm";
import type { TableOwner } from "../src/db/schema/common.js";
import * as schema from "../src/db/schema.js";

/**
 * Which part of the server writes which table. Each table's owner is declared beside its schema
 * (`ownedBy` in db/schema/<domain>.ts); a file of any other part that inserts into, updates or
 * deletes from the table breaks the rule. Reads are everyone's. `npm run lint` runs this.
 */

const sourceRoot = fileURLToPath(new URL("../src/", import.meta.url));

/**
 * Tools that move the whole database as it is, not one part's data: they write every table by
 * design. Each is named with why.
 */
const wholeDatabaseTools: Record<string, string> = {
  "db/seed.ts": "writes the demo catalog, content and reviews of a new shop",
  "db/seed-content.ts": "the demo content the seed writes",
  "ops/": "backup, restore and the move between databases copy every table",
  "cli/": "the command line runs the tools above",
};

export type SourceFile = { path: string; text: string };
export type ForeignWrite = { file: string; table: string; owner: TableOwner; writer: string };

/** Every table's SQL name → its owner, and every schema export's name → its table's SQL name. */
function declaredOwners(): { owners: Map<string, TableOwner>; tables: Map<string, string> } {
  const owners = new Map<string, TableOwner>();
  const tables = new Map<string, string>();
  for (const [name, value] of Object.entries(schema)) {
    if (is(value, Table)) tables.set(name, getTableName(value));
    if (value instanceof Map) {
      for (const [table, owner] of value as Map<Table, TableOwner>) {
        const sqlName = getTableName(table);
        if (owners.has(sqlName)) throw new Error(`The table ${sqlName} is declared with two owners.`);
        owners.set(sqlName, owner);
      }
    }
  }
  const unowned = [...tables.values()].filter((table) => !owners.has(table));
  if (unowned.length > 0) throw new Error(`Tables without an owner: ${unowned.join(", ")}.`);
  return { owners, tables };
}

/** The part a source file belongs to: `modules/<name>/…` → name, `<folder>/…` → folder. */
export function partOf(file: string): string {
  const [first, second] = file.split("/");
  if (first === "modules" && second) return second;
  return file.includes("/") ? (first as string) : file.replace(/\.ts$/, "");
}

/** Comments say what code does, in words such as "update orders": they are not statements. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[\s;{}(),])\/\/.*$/gm, "$1");
}

/** The local names a file gives to schema tables it imports (`import { orders as o }` too). */
function importedTables(text: string, tables: Map<string, string>): Map<string, string> {
  const local = new Map<string, string>();
  for (const [, names] of text.matchAll(
    /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"[./]*[^"]*db\/schema(?:\/[\w-]+)?\.js"/g,
  )) {
    for (const part of (names ?? "").split(",")) {
      const [exported, alias] = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/);
      const table = exported ? tables.get(exported) : undefined;
      if (table) local.set(alias ?? (exported as string), table);
    }
  }
  for (const [, namespace] of text.matchAll(
    /import\s*\*\s*as\s*(\w+)\s*from\s*"[./]*[^"]*db\/schema\.js"/g,
  )) {
    for (const [exported, table] of tables) local.set(`${namespace}.${exported}`, table);
  }
  return local;
}

/** The tables a file writes, by SQL name: Drizzle's builders and raw SQL alike. */
function tablesWritten(text: string, tables: Map<string, string>): Set<string> {
  const code = withoutComments(text);
  const local = importedTables(code, tables);
  const sqlNames = new Set(tables.values());
  const written = new Set<string>();
  const identifier = String.raw`([\w$]+(?:\.[\w$]+)?)`;
  // tx.insert(orders), db.update(schema.orders), tx.delete(orders)
  for (const [, name] of code.matchAll(
    new RegExp(String.raw`\.(?:insert|update|delete)\(\s*${identifier}\s*[,)]`, "g"),
  )) {
    const table = local.get(name as string);
    if (table) written.add(table);
  }
  // insert into ${orders} / update ${orders} / delete from ${orders}, and the plain SQL names.
  const verbs = String.raw`\b(?:insert\s+into|delete\s+from|update)\s+`;
  for (const [, name] of code.matchAll(new RegExp(String.raw`${verbs}\$\{\s*${identifier}\s*\}`, "gi"))) {
    const table = local.get(name as string);
    if (table) written.add(table);
  }
  const plain =
    /\b(?:insert\s+into|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?|\bupdate\s+"?([a-z_][a-z0-9_]*)"?\s+set\b/gi;
  for (const [, inserted, updated] of code.matchAll(plain)) {
    const table = (inserted ?? updated ?? "").toLowerCase();
    if (sqlNames.has(table)) written.add(table);
  }
  return written;
}

/** Every write, in `files` (paths relative to server/src), of a table by a part that does not own it. */
export function findForeignWrites(files: readonly SourceFile[], declared = declaredOwners()): ForeignWrite[] {
  const found: ForeignWrite[] = [];
  for (const file of files) {
    if (
      Object.keys(wholeDatabaseTools).some(
        (tool) => file.path === tool || (tool.endsWith("/") && file.path.startsWith(tool)),
      )
    )
      continue;
    const writer = partOf(file.path);
    for (const table of tablesWritten(file.text, declared.tables)) {
      const owner = declared.owners.get(table) as TableOwner;
      if (owner !== writer) found.push({ file: file.path, table, owner, writer });
    }
  }
  return found;
}

/** The server's source files (tests left out: they set up data as they need). */
export function serverSources(): SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(sourceRoot, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return walk(relative);
      return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [relative] : [];
    });
  return walk("").map((file) => ({ path: file, text: readFileSync(path.join(sourceRoot, file), "utf8") }));
}
