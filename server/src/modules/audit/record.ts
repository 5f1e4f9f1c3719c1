import type { AuditAction, AuditSubjectType } from "@agency/contract";
import { isTeamMember, type SessionUser } from "../../auth/session.js";
import { type Database, notificationsOf } from "../../db/client.js";
import { asStoredJson, canonicalJson, hashOf } from "./chain.js";
import { auditHeadForUpdate, insertAuditRow, moveAuditHead } from "./queries.js";

/**
 * Who did it. An admin is kept with their e-mail then (the record of who changed roles and money
 * outlives their account); a customer by their id only, since the log can never be anonymised;
 * an API key by its id ("apikey:<key id>") and name; the system (the command line, ADMIN_EMAIL,
 * the payment provider) by its name.
 */
export type AuditActor =
  | { type: "admin"; id: string; email: string }
  | { type: "customer"; id: string }
  | { type: "api_key"; id: string; label: string }
  | { type: "system"; label: string };

/** Whoever acts for the team: a member signed in, or an API key. */
export type TeamActor = Extract<AuditActor, { type: "admin" | "api_key" }>;

/** A member of the team (any role) as an actor, or the API key the call was made with. */
export function teamActorOf(user: Pick<SessionUser, "id" | "email" | "name" | "apiKey">): TeamActor {
  return user.apiKey
    ? { type: "api_key", id: user.id, label: user.name }
    : { type: "admin", id: user.id, email: user.email };
}

/** The caller as an actor: a member of the team (any role), an API key, or a customer. */
export function auditActorOf(
  user: Pick<SessionUser, "id" | "email" | "name" | "role" | "apiKey">,
): AuditActor {
  return isTeamMember(user) ? teamActorOf(user) : { type: "customer", id: user.id };
}

/**
 * Someone acting on their own account (its export, its deletion), admins included: by id only, so
 * the log keeps no address of a person who asked for their data to go.
 */
export function accountHolder(user: Pick<SessionUser, "id">): AuditActor {
  return { type: "customer", id: user.id };
}

export type AuditRecord = {
  actor: AuditActor;
  action: AuditAction;
  /**
   * What was acted on: its type, its id, and what it was called then (an order's "#1001", a
   * plan's title, a promo code). Never a person's name or e-mail: the page looks those up.
   */
  subject: { type: AuditSubjectType; id?: string | null; label?: string | null };
  /** The fields that changed, as they were and as they are (plain JSON; dates become strings). */
  before?: unknown;
  after?: unknown;
};

/**
 * Appends one entry to the audit log inside `tx`, the transaction of the change it records, so the
 * entry exists exactly when the change committed. It locks the chain's head until that transaction
 * ends: call it last, after the change's own writes and locks, and keep the transaction short.
 *
 *   await db.transaction(async (tx) => {
 *     await tx.update(orders)...;
 *     await recordAudit(tx, { actor: auditActorOf(admin), action: "export.orders",
 *       subject: { type: "export" }, after: { filter, rows: 120 } });
 *   });
 */
export async function recordAudit(tx: Database, record: AuditRecord): Promise<void> {
  if (notificationsOf(tx) !== undefined) {
    // On the database itself the head's lock would end with the SELECT, and the chain could fork.
    throw new Error("recordAudit must run inside the transaction of the change it records.");
  }
  const head = await auditHeadForUpdate(tx);
  if (!head) throw new Error("The audit log's head row is missing (migration 0020 writes it).");
  const { actor, subject } = record;
  const row = {
    id: head.lastId + 1,
    at: new Date(),
    actorType: actor.type,
    actorId: actor.type === "system" ? null : actor.id,
    actorLabel: actor.type === "admin" ? actor.email : actor.type === "customer" ? null : actor.label,
    action: record.action,
    subjectType: subject.type,
    subjectId: subject.id ?? null,
    subjectLabel: subject.label ?? null,
    before: asStoredJson(record.before),
    after: asStoredJson(record.after),
    prevHash: head.lastHash,
  };
  const hash = hashOf(row);
  await insertAuditRow(tx, { ...row, hash });
  await moveAuditHead(tx, row.id, hash);
}

/**
 * The fields that differ between a thing as it was and as it is, as `{ before, after }` for an
 * audit record; null when nothing changed (and nothing needs recording).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => canonicalJson(asStoredJson(before[key])) !== canonicalJson(asStoredJson(after[key])),
  );
  if (keys.length === 0) return null;
  const pick = (values: Record<string, unknown>) =>
    Object.fromEntries(keys.map((key) => [key, values[key] ?? null]));
  return { before: pick(before), after: pick(after) };
}
