import { teamMessages } from "@agency/contract";
import { recordRoleChanges, setUserRole } from "../../auth/account-access.js";
import { isOwner } from "../../auth/permissions.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { type AuditActor, recordAudit, type TeamActor, teamActorOf } from "../audit/index.js";
import { refuseUngivableRole, refuseUntouchableMember } from "./grants.js";
import { type MemberTarget, memberTargetForUpdate, memberTargetsForUpdate } from "./queries/members.js";
import { findRole } from "./role-definitions.js";

/**
 * Who changed a role: a member of the team or an API key (as the audit log names them), or the
 * system (the command line, ADMIN_EMAIL).
 */
export type RoleActor = TeamActor | { label: string };

export type RoleTarget = MemberTarget;

function auditActor(actor: RoleActor): AuditActor {
  return "type" in actor ? actor : { type: "system", label: actor.label };
}

/** role_changes names an account by id (an API key is none: by its name only). */
function actorFields(actor: RoleActor) {
  if (!("type" in actor)) return { actorId: null, actorLabel: actor.label };
  return actor.type === "admin"
    ? { actorId: actor.id, actorLabel: actor.email }
    : { actorId: null, actorLabel: actor.label };
}

/**
 * Gives `target` the role `toRole` (null: a customer again), with its permissions, and records who
 * did it (role_changes and the audit log, before and after). The owner's role is not changed here
 * (see `handOverOwnership`), and "owner" is only given with `allowOwner` (the shop's first admin).
 * Answers whether anything changed. Run it in the caller's transaction, with the target locked.
 */
export async function changeRole(
  tx: Database,
  actor: RoleActor,
  target: RoleTarget,
  toRole: string | null,
  { allowOwner = false } = {},
): Promise<boolean> {
  if (target.role === toRole) return false;
  if (target.role === "owner" || (toRole === "owner" && !allowOwner)) {
    throw new AppError("conflict", teamMessages.ownerRole);
  }
  const role = toRole ? await findRole(tx, toRole) : undefined;
  if (toRole && !role)
    throw new AppError("bad_request", teamMessages.unknownRole, { role: teamMessages.unknownRole });
  if (toRole && target.suspendedAt) throw new AppError("conflict", teamMessages.suspended);
  await setUserRole(tx, target.id, toRole, role?.permissions);
  await recordRoleChanges(tx, [
    { ...actorFields(actor), targetId: target.id, targetEmail: target.email, fromRole: target.role, toRole },
  ]);
  await recordAudit(tx, {
    actor: auditActor(actor),
    action: "user.role_changed",
    subject: { type: "user", id: target.id },
    before: { role: target.role },
    after: { role: toRole },
  });
  return true;
}

/**
 * A team member's new role, chosen on the team page: never the caller's own, and only a role (and
 * a member) within the caller's permissions; Admins are made and unmade by the owner.
 */
export async function setMemberRole(
  db: Database,
  actor: SessionUser,
  memberId: string,
  toRole: string,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    const target = await memberTargetForUpdate(tx, memberId);
    if (!target?.role) throw notFound("The member");
    await refuseUntouchableMember(tx, actor, target);
    await refuseUngivableRole(tx, actor, toRole);
    const changed = await changeRole(tx, teamActorOf(actor), target, toRole);
    return { modifiedCount: changed ? 1 : 0 };
  });
}

/**
 * The owner hands the shop to another active member, and stays on the team as an Admin. There is
 * one owner at all times: both rows are locked and changed in one transaction.
 */
export async function handOverOwnership(db: Database, actor: SessionUser, memberId: string): Promise<void> {
  if (!isOwner(actor)) throw new AppError("forbidden", teamMessages.onlyOwner);
  if (memberId === actor.id) return;
  await db.transaction(async (tx) => {
    const rows = await memberTargetsForUpdate(tx, [actor.id, memberId]);
    const owner = rows.find((row) => row.id === actor.id);
    const next = rows.find((row) => row.id === memberId);
    if (owner?.role !== "owner") throw new AppError("forbidden", teamMessages.onlyOwner);
    if (!next?.role)
      throw new AppError("bad_request", teamMessages.notMember, { memberId: teamMessages.notMember });
    if (next.suspendedAt) throw new AppError("conflict", teamMessages.suspended);
    const by = teamActorOf(actor);
    await setUserRole(tx, next.id, "owner");
    await setUserRole(tx, owner.id, "admin");
    await recordRoleChanges(tx, [
      {
        ...actorFields(by),
        targetId: next.id,
        targetEmail: next.email,
        fromRole: next.role,
        toRole: "owner",
      },
      {
        ...actorFields(by),
        targetId: owner.id,
        targetEmail: owner.email,
        fromRole: "owner",
        toRole: "admin",
      },
    ]);
    await recordAudit(tx, {
      actor: auditActor(by),
      action: "team.ownership_transferred",
      subject: { type: "user", id: next.id },
      before: { owner: owner.id, role: next.role },
      after: { owner: next.id, previousOwnerRole: "admin" },
    });
  });
}
