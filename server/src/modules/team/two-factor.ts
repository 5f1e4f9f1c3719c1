import { type TeamTwoFactor, twoFactorMessages } from "@agency/contract";
import { deleteSecondFactor, turnOffSecondFactor } from "../../auth/account-access.js";
import { isOwner } from "../../auth/permissions.js";
import type { SessionUser } from "../../auth/session.js";
import { readTeamTwoFactorRequired, writeTeamTwoFactorRequired } from "../../auth/two-factor-policy.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { recordAudit, teamActorOf } from "../audit/index.js";
import { membersTwoFactorOwnerFirst, twoFactorOfAccountForUpdate } from "./queries/members.js";

function requireOwner(actor: SessionUser): void {
  if (!isOwner(actor) || actor.apiKey) throw new AppError("forbidden", twoFactorMessages.onlyOwner);
}

/** The caller's own two-factor sign-in, and whether the shop asks it of them. */
export async function twoFactorStatusOf(
  db: Database,
  caller: Pick<SessionUser, "role" | "twoFactorEnabled">,
): Promise<{ enabled: boolean; required: boolean }> {
  const required = caller.role ? await readTeamTwoFactorRequired(db) : false;
  return { enabled: Boolean(caller.twoFactorEnabled), required };
}

/** The shop's requirement, and which members have two-factor sign-in on (the owner first). */
export async function teamTwoFactor(db: Database): Promise<TeamTwoFactor> {
  const [required, members] = await Promise.all([
    readTeamTwoFactorRequired(db),
    membersTwoFactorOwnerFirst(db),
  ]);
  return { required, members: members.map((member) => ({ ...member, role: member.role ?? "" })) };
}

/**
 * The owner requires two-factor sign-in of every member of the team, or stops requiring it. The
 * owner turns it on for themselves first, so requiring it never shuts them out of the team pages.
 */
export async function setTeamTwoFactorRequired(
  db: Database,
  actor: SessionUser,
  required: boolean,
): Promise<{ modifiedCount: number }> {
  requireOwner(actor);
  if (required && !actor.twoFactorEnabled) throw new AppError("conflict", twoFactorMessages.ownerFirst);
  return db.transaction(async (tx) => {
    const before = await readTeamTwoFactorRequired(tx);
    if (before === required) return { modifiedCount: 0 };
    await writeTeamTwoFactorRequired(tx, required);
    await recordAudit(tx, {
      actor: teamActorOf(actor),
      action: "team.two_factor_requirement_changed",
      subject: { type: "site", label: "Two-factor sign-in" },
      before: { required: before },
      after: { required },
    });
    return { modifiedCount: 1 };
  });
}

/**
 * A member who lost their authenticator and their backup codes: the owner removes their second
 * factor (secret, backup codes and remembered devices), so they sign in with their password and
 * set it up again. Nothing to reset changes nothing.
 */
export async function resetMemberTwoFactor(
  db: Database,
  actor: SessionUser,
  memberId: string,
): Promise<{ modifiedCount: number }> {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    const target = await twoFactorOfAccountForUpdate(tx, memberId);
    if (!target) throw notFound("The member");
    if (!target.role) throw new AppError("conflict", twoFactorMessages.notMember);
    if (target.id === actor.id) throw new AppError("conflict", twoFactorMessages.ownAccount);
    const removed = await deleteSecondFactor(tx, target.id);
    if (!target.enabled && removed === 0) return { modifiedCount: 0 };
    await turnOffSecondFactor(tx, target.id);
    await recordAudit(tx, {
      actor: teamActorOf(actor),
      action: "team.member_two_factor_reset",
      subject: { type: "user", id: target.id },
      before: { twoFactorEnabled: target.enabled },
      after: { twoFactorEnabled: false },
    });
    return { modifiedCount: 1 };
  });
}
