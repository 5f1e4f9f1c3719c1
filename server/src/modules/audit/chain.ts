import { createHash } from "node:crypto";

/** The hash row 1 chains from: there is no row before it. */
export const GENESIS_HASH = "0".repeat(64);

/** What a row's hash covers: every column but the hash itself. */
export type ChainedRow = {
  id: number;
  at: Date;
  actorType: string;
  actorId: string | null;
  actorLabel: string | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  subjectLabel: string | null;
  before: unknown;
  after: unknown;
  prevHash: string;
};

/**
 * JSON with every object's keys in code-point order, so a value hashes the same before it is
 * stored and after jsonb has given it back with its keys reordered.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * A value as jsonb will give it back: dates become ISO strings, undefined goes, numbers that JSON
 * cannot hold become null. Rows store this, so the hash is made from what is read back.
 */
export function asStoredJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value));
}

/** sha256 (hex) of the row's canonical form, the previous row's hash included. */
export function hashOf(row: ChainedRow): string {
  const canonical = canonicalJson({
    id: String(row.id),
    at: row.at.toISOString(),
    actor: { type: row.actorType, id: row.actorId, label: row.actorLabel },
    action: row.action,
    subject: { type: row.subjectType, id: row.subjectId, label: row.subjectLabel },
    before: row.before,
    after: row.after,
    prevHash: row.prevHash,
  });
  return createHash("sha256").update(canonical, "utf8").digest("hex");
}
