import { grantMessages, type Permission } from "@agency/contract";
import { holdsAll, isOwner } from "../../auth/permissions.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { findRole, listRoles } from "./role-definitions.js";

/**
 * Nobody grants what they do not hold (DESIGN "Beyond the spec" 20): a member gives, makes, edits
 * and invites with roles only within their own permissions, never changes their own role nor edits
 * the role they hold, and only the owner makes or removes Admins. An API key is held to the same
 * rules with its own permissions (its role's, as far as its maker holds them), and acts for its
 * maker: what its maker may not do to themselves, it may not do either.
 */

const forbidden = (message: string) => new AppError("forbidden", message);

/** The account the caller acts for: a person's own, or the maker of the API key calling. */
export function accountOf(actor: Pick<SessionUser, "id" | "apiKey">): string | null {
  return actor.apiKey ? (actor.apiKey.madeBy ?? null) : actor.id;
}

/** Only the owner, signed in, makes or removes Admins (a key never holds the owner's role). */
export function refuseUnlessOwner(actor: SessionUser): void {
  if (!isOwner(actor) || actor.apiKey) throw forbidden(grantMessages.adminsByOwner);
}

/** Refuses `list` unless the caller holds all of it, with `message`. */
function refuseUnheld(
  actor: SessionUser,
  list: readonly Permission[],
  message: string = grantMessages.notHeld,
): void {
  if (!holdsAll(actor, list)) throw forbidden(message);
}

/**
 * A role the caller may give a member or offer in an invitation: within their permissions, and
 * never Admin unless they are the owner. Unknown roles are left to the caller's own check.
 */
export async function refuseUngivableRole(db: Database, actor: SessionUser, key: string): Promise<void> {
  if (key === "admin") refuseUnlessOwner(actor);
  const role = await findRole(db, key);
  if (role) refuseUnheld(actor, role.permissions, grantMessages.roleBeyondYours);
}

/**
 * A member whose role the caller changes (or suspends, or removes): not themselves, not an Admin
 * unless the caller is the owner, and with no permission the caller lacks.
 */
export async function refuseUntouchableMember(
  db: Database,
  actor: SessionUser,
  target: { id: string; role: string | null },
): Promise<void> {
  if (target.id === accountOf(actor)) throw forbidden(grantMessages.ownRole);
  if (!target.role || target.role === "owner") return;
  if (target.role === "admin") refuseUnlessOwner(actor);
  const role = await findRole(db, target.role);
  if (role) refuseUnheld(actor, role.permissions, grantMessages.memberBeyondYours);
}

/** The roles the caller may give (to a member, an invitation or an API key), all but the owner's. */
export async function rolesGivableBy(
  db: Database,
  actor: SessionUser,
  { admin = isOwner(actor) && !actor.apiKey } = {},
): Promise<{ key: string; name: string; permissions: Permission[] }[]> {
  return (await listRoles(db))
    .filter((role) => role.key !== "owner" && (admin || role.key !== "admin"))
    .filter((role) => holdsAll(actor, role.permissions))
    .map(({ key, name, permissions }) => ({ key, name, permissions }));
}
