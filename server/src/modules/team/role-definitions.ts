import {
  builtInRoleKeys,
  builtInRoles,
  grantMessages,
  isBuiltInRole,
  isId,
  type Permission,
  permissions,
  roleMessages,
  type TeamRole,
  type TeamRoleBody,
} from "@agency/contract";
import { setPermissionsOfRole } from "../../auth/account-access.js";
import { holdsAll } from "../../auth/permissions.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { type AuditActor, auditActorOf, recordAudit } from "../audit/index.js";
import { openInvitationsOfferingRole } from "./queries/invitations.js";
import { holdersOfRole, membersPerRole, roleOfAccount } from "./queries/members.js";
import {
  customRoleById,
  customRoleForUpdate,
  customRoleNames,
  customRolesByName,
  deleteCustomRole,
  insertCustomRole,
  updateCustomRole,
} from "./queries/roles.js";

/**
 * The shop's roles: the three built in (Owner, Admin, Staff) and the owner's own, each with how
 * many members hold it. A custom role's permissions are copied onto its members' accounts (see
 * auth/permissions.ts), so editing the role rewrites them in the same transaction.
 */
export async function listRoles(db: Database): Promise<TeamRole[]> {
  const [custom, held] = await Promise.all([customRolesByName(db), membersPerRole(db)]);
  const members = new Map(held.map((row) => [row.role, row.members]));
  return [
    ...builtInRoleKeys.map((key) => ({
      key,
      name: builtInRoles[key].name,
      permissions: [...builtInRoles[key].permissions],
      builtIn: true,
      members: members.get(key) ?? 0,
    })),
    ...custom.map((role) => ({
      key: role.id,
      name: role.name,
      permissions: ordered(role.permissions),
      builtIn: false,
      members: members.get(role.id) ?? 0,
    })),
  ];
}

/** The permissions in the order the contract lists them, unknown names dropped. */
function ordered(list: readonly string[]): Permission[] {
  return permissions.filter((permission) => list.includes(permission));
}

/** A role's name and permissions by its key, or undefined when there is no such role. */
export async function findRole(
  db: Database,
  key: string,
): Promise<{ key: string; name: string; permissions: Permission[] } | undefined> {
  if (isBuiltInRole(key))
    return { key, ...builtInRoles[key], permissions: [...builtInRoles[key].permissions] };
  if (!isId(key)) return undefined;
  const row = await customRoleById(db, key);
  return row ? { key: row.id, name: row.name, permissions: ordered(row.permissions) } : undefined;
}

/** Every role's name by its key, built in and custom. */
export async function roleNames(db: Database): Promise<Map<string, string>> {
  const custom = await customRoleNames(db);
  return new Map([
    ...builtInRoleKeys.map((key) => [key, builtInRoles[key].name] as const),
    ...custom.map((role) => [role.id, role.name] as const),
  ]);
}

async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ??
      (error as { code?: string }).code;
    if (code === "23505")
      throw new AppError("conflict", roleMessages.nameTaken, { name: roleMessages.nameTaken });
    throw error;
  }
}

/** The roles the caller holds: their own, and for an API key both the key's and its maker's. */
async function rolesHeldBy(db: Database, actor: SessionUser): Promise<Set<string>> {
  const held = new Set<string>(actor.role ? [actor.role] : []);
  const maker = actor.apiKey?.madeBy;
  if (maker) {
    const row = await roleOfAccount(db, maker);
    if (row?.role) held.add(row.role);
  }
  return held;
}

/** Nobody makes a role with, or edits one to or from, permissions they do not hold. */
function refuseUnheld(caller: SessionUser, list: readonly string[], message: string): void {
  if (!holdsAll(caller, ordered(list))) throw new AppError("forbidden", message);
}

export async function createRole(db: Database, caller: SessionUser, body: TeamRoleBody): Promise<TeamRole> {
  refuseUnheld(caller, body.permissions, grantMessages.notHeld);
  const actor = auditActorOf(caller);
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const row = await insertCustomRole(tx, { name: body.name, permissions: ordered(body.permissions) });
      if (!row) throw new Error("The role was not written.");
      await recordAudit(tx, {
        actor,
        action: "team.role_created",
        subject: { type: "team_role", id: row.id, label: row.name },
        after: { name: row.name, permissions: row.permissions },
      });
      return {
        key: row.id,
        name: row.name,
        permissions: ordered(row.permissions),
        builtIn: false,
        members: 0,
      };
    }),
  );
}

/**
 * Renames a custom role or changes its permissions, for its members at once. Nobody edits the role
 * they hold, nor a role with permissions they lack, nor gives one permissions they lack.
 */
export async function updateRole(
  db: Database,
  caller: SessionUser,
  key: string,
  body: TeamRoleBody,
): Promise<TeamRole> {
  if (isBuiltInRole(key)) throw new AppError("conflict", roleMessages.builtIn);
  if (!isId(key)) throw notFound("The role");
  if ((await rolesHeldBy(db, caller)).has(key)) throw new AppError("forbidden", grantMessages.heldRole);
  refuseUnheld(caller, body.permissions, grantMessages.notHeld);
  const actor = auditActorOf(caller);
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const before = await customRoleForUpdate(tx, key);
      if (!before) throw notFound("The role");
      refuseUnheld(caller, before.permissions, grantMessages.roleBeyondYours);
      const list = ordered(body.permissions);
      const row = await updateCustomRole(tx, key, { name: body.name, permissions: list });
      if (!row) throw notFound("The role");
      const members = await setPermissionsOfRole(tx, key, list);
      await recordAudit(tx, {
        actor,
        action: "team.role_updated",
        subject: { type: "team_role", id: row.id, label: row.name },
        before: { name: before.name, permissions: ordered(before.permissions) },
        after: { name: row.name, permissions: list },
      });
      return { key: row.id, name: row.name, permissions: list, builtIn: false, members: members.length };
    }),
  );
}

/** Deletes a custom role nobody holds and no open invitation offers. */
export async function deleteRole(db: Database, actor: AuditActor, key: string): Promise<void> {
  if (isBuiltInRole(key)) throw new AppError("conflict", roleMessages.builtIn);
  if (!isId(key)) throw notFound("The role");
  await db.transaction(async (tx) => {
    const row = await customRoleForUpdate(tx, key);
    if (!row) throw notFound("The role");
    const held = await holdersOfRole(tx, key);
    const offered = await openInvitationsOfferingRole(tx, key);
    if (held > 0 || offered > 0) throw new AppError("conflict", roleMessages.inUse);
    await deleteCustomRole(tx, key);
    await recordAudit(tx, {
      actor,
      action: "team.role_deleted",
      subject: { type: "team_role", id: row.id, label: row.name },
      before: { name: row.name, permissions: ordered(row.permissions) },
    });
  });
}
