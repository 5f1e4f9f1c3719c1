import { memberMessages } from "@agency/contract";
import { endSessionsOf, setSuspendedSince } from "../../auth/account-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { auditActorOf, recordAudit, teamActorOf } from "../audit/index.js";
import { accountOf, refuseUntouchableMember } from "./grants.js";
import { type MemberTarget, memberTargetForUpdate } from "./queries/members.js";
import { changeRole } from "./role-changes.js";

/**
 * The member acted on, locked; the owner and the caller themselves (an API key's maker) are
 * refused, and so is a member the caller may not touch (an Admin but by the owner, or a role with
 * permissions the caller lacks).
 */
async function lockMember(tx: Database, actor: SessionUser, memberId: string): Promise<MemberTarget> {
  const target = await memberTargetForUpdate(tx, memberId);
  if (!target?.role) throw notFound("The member");
  if (target.role === "owner") throw new AppError("conflict", memberMessages.ownerProtected);
  if (target.id === accountOf(actor)) throw new AppError("conflict", memberMessages.notYourself);
  await refuseUntouchableMember(tx, actor, target);
  return target;
}

/**
 * Suspends a member: their sessions end now and they cannot sign in (auth.ts refuses a new
 * session) until unsuspended; their work and history stay. Suspending again changes nothing.
 */
export async function suspendMember(
  db: Database,
  actor: SessionUser,
  memberId: string,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    const target = await lockMember(tx, actor, memberId);
    if (target.suspendedAt) return { modifiedCount: 0 };
    await setSuspendedSince(tx, target.id, new Date());
    await endSessionsOf(tx, target.id);
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: "team.member_suspended",
      subject: { type: "user", id: target.id },
      before: { suspended: false },
      after: { suspended: true },
    });
    return { modifiedCount: 1 };
  });
}

/** Lets a suspended member sign in again, with the role they had. */
export async function unsuspendMember(
  db: Database,
  actor: SessionUser,
  memberId: string,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    const target = await lockMember(tx, actor, memberId);
    if (!target.suspendedAt) return { modifiedCount: 0 };
    await setSuspendedSince(tx, target.id, null);
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: "team.member_unsuspended",
      subject: { type: "user", id: target.id },
      before: { suspended: true },
      after: { suspended: false },
    });
    return { modifiedCount: 1 };
  });
}

/**
 * Removes a member from the team: no role any more and suspended, so the account cannot sign in
 * (nor pass as a customer's), while their name stays on the orders, messages and history they
 * touched.
 */
export async function removeMember(db: Database, actor: SessionUser, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockMember(tx, actor, memberId);
    await setSuspendedSince(tx, target.id, target.suspendedAt ?? new Date());
    await endSessionsOf(tx, target.id);
    await changeRole(tx, teamActorOf(actor), target, null);
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: "team.member_removed",
      subject: { type: "user", id: target.id },
      before: { role: target.role, suspended: target.suspendedAt !== null },
      after: { role: null, suspended: true },
    });
  });
}
