import {
  type AcceptInvitationBody,
  type InvitationBody,
  type InvitationLookup,
  invitationMessages,
  isId,
  type TeamInvitation,
  teamMessages,
} from "@agency/contract";
import type { Auth } from "../../auth/auth.js";
import { MIN_PASSWORD_LENGTH } from "../../auth/auth.js";
import { mailedTokenHash, newMailedToken } from "../../auth/mailed-token.js";
import { createPasswordAccount, hashPassword } from "../../auth/password-account.js";
import { accountIdOf, type SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { AppError, notFound } from "../../errors.js";
import { enqueue } from "../../jobs/queue.js";
import type { MailBrand, MailBrandSource } from "../../mail/layout.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import { refuseUngivableRole } from "./grants.js";
import { teamInvitationMail } from "./invitation-mail.js";
import {
  type InvitationRow,
  insertInvitation,
  invitationForUpdate,
  invitationWithTokenHash,
  markInvitationAccepted,
  markInvitationRevoked,
  openInvitationToAddress,
  renewInvitation,
} from "./queries/invitations.js";
import { roleOfAddress } from "./queries/members.js";
import { changeRole } from "./role-changes.js";
import { findRole } from "./role-definitions.js";

/** An invitation works for 7 days after it was last sent. */
const INVITATION_DAYS = 7;
const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

function joinLink(publicUrl: string, token: string): string {
  return `${publicUrl}/team/join/${token}`;
}

const alreadyInvited = () =>
  new AppError("conflict", invitationMessages.alreadyInvited, { email: invitationMessages.alreadyInvited });

export function toInvitation(row: InvitationRow, roleName: string, now = new Date()): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    roleName,
    invitedBy: row.invitedByName,
    sentAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

/** A role an invitation may offer: Admin, Staff or a custom role, never Owner. */
async function invitedRole(db: Database, key: string): Promise<{ key: string; name: string }> {
  if (key === "owner")
    throw new AppError("bad_request", invitationMessages.ownerRole, { role: invitationMessages.ownerRole });
  const role = await findRole(db, key);
  if (!role) throw new AppError("bad_request", teamMessages.unknownRole, { role: teamMessages.unknownRole });
  return role;
}

/**
 * Customers and the team stay apart: an address that already has an account, of either kind,
 * cannot be invited (nor accept an invitation).
 */
async function refuseExistingAccount(tx: Database, email: string): Promise<void> {
  const account = await roleOfAddress(tx, email.toLowerCase());
  if (!account) return;
  const message = account.role ? invitationMessages.memberAccount : invitationMessages.customerAccount;
  throw new AppError("conflict", message, { email: message });
}

function inviterName(actor: SessionUser): string {
  return actor.name.trim() || actor.email;
}

async function queueInvitationMail(
  tx: Database,
  brand: MailBrand,
  row: InvitationRow,
  roleName: string,
  token: string,
): Promise<void> {
  const mail = teamInvitationMail(brand, {
    to: row.email,
    inviterName: row.invitedByName,
    roleName,
    link: joinLink(brand.publicUrl, token),
    expiresAt: row.expiresAt,
  });
  // Queued with the invitation: the mail leaves exactly when the invitation exists.
  await enqueue(tx, "mail.send", mail, { key: `team-invitation:${row.id}:${row.tokenHash.slice(0, 16)}` });
}

/**
 * Invites an address to the team with a role within the inviter's permissions (an Admin only by
 * the owner), and mails it the link.
 */
export async function sendInvitation(
  db: Database,
  brandSource: MailBrandSource,
  actor: SessionUser,
  body: InvitationBody,
): Promise<TeamInvitation> {
  const email = body.email.toLowerCase();
  const role = await invitedRole(db, body.role);
  await refuseUngivableRole(db, actor, role.key);
  // Read before the transaction: the brand's cache reads the database itself.
  const brand = await brandSource();
  const { token, tokenHash } = newMailedToken();
  try {
    return await db.transaction(async (tx) => {
      await refuseExistingAccount(tx, email);
      const open = await openInvitationToAddress(tx, email);
      if (open) throw alreadyInvited();
      const now = new Date();
      const row = await insertInvitation(tx, {
        email,
        role: role.key,
        tokenHash,
        invitedBy: accountIdOf(actor),
        invitedByName: inviterName(actor),
        expiresAt: new Date(now.getTime() + INVITATION_MS),
        createdAt: now,
        updatedAt: now,
      });
      if (!row) throw new Error("The invitation was not written.");
      await queueInvitationMail(tx, brand, row, role.name, token);
      // Ids and roles only: the log outlives the invitation and keeps no address.
      await recordAudit(tx, {
        actor: auditActorOf(actor),
        action: "team.invitation_sent",
        subject: { type: "team_invitation", id: row.id },
        after: { role: row.role, expiresAt: row.expiresAt.toISOString() },
      });
      return toInvitation(row, role.name, now);
    });
  } catch (error) {
    // Two invitations to one address at once: the unique index keeps one.
    if (isUniqueViolation(error)) throw alreadyInvited();
    throw error;
  }
}

async function lockInvitation(tx: Database, id: string): Promise<InvitationRow> {
  if (!isId(id)) throw notFound("The invitation");
  const row = await invitationForUpdate(tx, id);
  if (!row) throw notFound("The invitation");
  return row;
}

/** Sends an open invitation again with a new link (the old one stops working), for 7 more days. */
export async function resendInvitation(
  db: Database,
  brandSource: MailBrandSource,
  actor: SessionUser,
  id: string,
): Promise<TeamInvitation> {
  const brand = await brandSource();
  const { token, tokenHash } = newMailedToken();
  return db.transaction(async (tx) => {
    const before = await lockInvitation(tx, id);
    if (before.acceptedAt || before.revokedAt) throw new AppError("conflict", invitationMessages.notOpen);
    // Sending it again offers the role anew: only whoever could offer it.
    await refuseUngivableRole(tx, actor, before.role);
    const role = await findRole(tx, before.role);
    if (!role) throw new AppError("conflict", teamMessages.unknownRole);
    const now = new Date();
    const row = await renewInvitation(tx, before.id, {
      tokenHash,
      expiresAt: new Date(now.getTime() + INVITATION_MS),
      updatedAt: now,
    });
    if (!row) throw notFound("The invitation");
    await queueInvitationMail(tx, brand, row, role.name, token);
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: "team.invitation_resent",
      subject: { type: "team_invitation", id: row.id },
      before: { expiresAt: before.expiresAt.toISOString() },
      after: { expiresAt: row.expiresAt.toISOString() },
    });
    return toInvitation(row, role.name, now);
  });
}

/** Withdraws an open invitation: its link stops working. Withdrawing it again changes nothing. */
export async function revokeInvitation(
  db: Database,
  actor: SessionUser,
  id: string,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    const row = await lockInvitation(tx, id);
    if (row.acceptedAt) throw new AppError("conflict", invitationMessages.notOpen);
    if (row.revokedAt) return { modifiedCount: 0 };
    const now = new Date();
    await markInvitationRevoked(tx, row.id, now);
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: "team.invitation_revoked",
      subject: { type: "team_invitation", id: row.id },
      before: { revoked: false },
      after: { revoked: true },
    });
    return { modifiedCount: 1 };
  });
}

/** Why a link cannot be used any more (404 for a token no invitation has, 410 for one that ended). */
function refuseClosed(row: InvitationRow | undefined, now: Date): asserts row is InvitationRow {
  if (!row) throw new AppError("not_found", invitationMessages.unknown);
  if (row.acceptedAt) throw new AppError("gone", invitationMessages.used);
  if (row.revokedAt) throw new AppError("gone", invitationMessages.revoked);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError("gone", invitationMessages.expired);
}

function findByToken(db: Database, token: string, lock = false): Promise<InvitationRow | undefined> {
  return invitationWithTokenHash(db, mailedTokenHash(token), lock);
}

/** What the join page shows for a mailed link: the address, the role and the shop. */
export async function lookUpInvitation(
  db: Database,
  brandSource: MailBrandSource,
  token: string,
): Promise<InvitationLookup> {
  const row = await findByToken(db, token);
  refuseClosed(row, new Date());
  const role = await findRole(db, row.role);
  if (!role) throw new AppError("gone", invitationMessages.revoked);
  return {
    email: row.email,
    roleName: role.name,
    shopName: (await brandSource()).name,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation: makes the invited address's account (confirmed, since the link came to
 * it) with the name and password chosen, gives it the invitation's role and closes the
 * invitation, all in one transaction. The new member then signs in as everyone does.
 */
export async function acceptInvitation(
  db: Database,
  auth: Auth,
  body: AcceptInvitationBody,
): Promise<{ email: string }> {
  if (body.password.length < MIN_PASSWORD_LENGTH) {
    const message = invitationMessages.passwordTooShort(MIN_PASSWORD_LENGTH);
    throw new AppError("bad_request", message, { password: message });
  }
  // A cheap look first, so a wrong link costs no password hashing.
  refuseClosed(await findByToken(db, body.token), new Date());
  const passwordHash = await hashPassword(auth, body.password);
  try {
    return await db.transaction(async (tx) => {
      const row = await findByToken(tx, body.token, true);
      const now = new Date();
      refuseClosed(row, now);
      await refuseExistingAccount(tx, row.email);
      const memberId = await createPasswordAccount(auth, tx, {
        email: row.email,
        name: body.name,
        passwordHash,
      });
      await markInvitationAccepted(tx, row.id, memberId, now);
      await changeRole(
        tx,
        { label: `Invitation from ${row.invitedByName}` },
        { id: memberId, email: row.email, role: null, suspendedAt: null },
        row.role,
      );
      await recordAudit(tx, {
        actor: { type: "admin", id: memberId, email: row.email },
        action: "team.invitation_accepted",
        subject: { type: "team_invitation", id: row.id },
        before: { accepted: false },
        after: { accepted: true, memberId, role: row.role },
      });
      return { email: row.email };
    });
  } catch (error) {
    // Someone signed up with the address in the meantime.
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", invitationMessages.customerAccount, {
        email: invitationMessages.customerAccount,
      });
    }
    throw error;
  }
}
