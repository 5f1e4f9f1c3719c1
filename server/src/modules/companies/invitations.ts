import {
  type CompanyInvitation,
  type CompanyInvitationBody,
  type CompanyInvitationLookup,
  clientMay,
  clientRoleNames,
  companyMessages,
  isId,
  companyInvitationMessages as messages,
} from "@agency/contract";
import { mailedTokenHash, newMailedToken } from "../../auth/mailed-token.js";
import { isClient } from "../../auth/order-access.js";
import { accountIdOf, type SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { AppError, notFound } from "../../errors.js";
import { enqueue } from "../../jobs/queue.js";
import type { MailBrandSource } from "../../mail/layout.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import { colleagueInvitationMail } from "./invitation-mail.js";
import {
  accountOfAddress,
  type CompanyInvitationRow,
  closeCompanyInvitation,
  companyById,
  companyHasOrders,
  companyInvitationForUpdate,
  companyInvitationWithTokenHash,
  insertCompanyInvitation,
  openInvitationsOfCompany,
  peopleOfCompany,
  placeOfPerson,
  renewCompanyInvitation,
} from "./queries.js";
import { addPersonToCompany } from "./service.js";

/** An invitation works for 7 days after it was last sent. */
const INVITATION_MS = 7 * 24 * 60 * 60 * 1000;

function toInvitation(row: CompanyInvitationRow, now = new Date()): CompanyInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedByName,
    sentAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

/** The caller's company, which they are an Admin of (403 otherwise; 404 when they are in none). */
async function adminsCompany(db: Database, caller: SessionUser): Promise<{ id: string; name: string }> {
  const place = isClient(caller) ? await placeOfPerson(db, caller.id) : undefined;
  const company = place?.companyId ? await companyById(db, place.companyId) : undefined;
  if (!company || !place) throw new AppError("not_found", companyMessages.noCompany);
  if (!clientMay(place.companyRole, "people"))
    throw new AppError("forbidden", companyMessages.roleMayNot("people"));
  return company;
}

const inviterName = (caller: SessionUser) => caller.name.trim() || caller.email;

async function queueMail(
  tx: Database,
  brandSource: MailBrandSource,
  row: CompanyInvitationRow,
  companyName: string,
  token: string,
): Promise<void> {
  const brand = await brandSource();
  const mail = colleagueInvitationMail(brand, {
    to: row.email,
    inviterName: row.invitedByName,
    companyName,
    roleName: clientRoleNames[row.role],
    link: `${brand.publicUrl}/company/join/${token}`,
    expiresAt: row.expiresAt,
  });
  // Queued with the invitation: the mail leaves exactly when the invitation exists.
  await enqueue(tx, "mail.send", mail, { key: `company-invitation:${row.id}:${row.tokenHash.slice(0, 16)}` });
}

/** The company's open invitations, for its Admins. */
export async function listCompanyInvitations(
  db: Database,
  caller: SessionUser,
): Promise<CompanyInvitation[]> {
  const company = await adminsCompany(db, caller);
  const now = new Date();
  return (await openInvitationsOfCompany(db, company.id)).map((row) => toInvitation(row, now));
}

/**
 * A company Admin invites a colleague by e-mail with a client role. Refused for an address of the
 * agency's team, of someone already in the company, or with an open invitation.
 */
export async function inviteColleague(
  db: Database,
  brandSource: MailBrandSource,
  caller: SessionUser,
  body: CompanyInvitationBody,
): Promise<CompanyInvitation> {
  return sendInvitation(db, brandSource, caller, await adminsCompany(db, caller), body);
}

/**
 * The agency adds a contact to a client company: the same invitation a company Admin sends, in the
 * name of the member of the team (`caller`, whose permission the route checked). 404 for a company
 * that does not exist.
 */
export async function inviteContactOfCompany(
  db: Database,
  brandSource: MailBrandSource,
  caller: SessionUser,
  companyId: string,
  body: CompanyInvitationBody,
): Promise<CompanyInvitation> {
  const company = isId(companyId) ? await companyById(db, companyId) : undefined;
  if (!company) throw notFound("The company");
  return sendInvitation(db, brandSource, caller, company, body);
}

/** Writes the invitation, queues its mail and records it, in one transaction. */
async function sendInvitation(
  db: Database,
  brandSource: MailBrandSource,
  caller: SessionUser,
  company: { id: string; name: string },
  body: CompanyInvitationBody,
): Promise<CompanyInvitation> {
  const email = body.email.toLowerCase();
  const account = await accountOfAddress(db, email);
  if (account?.role) throw new AppError("conflict", messages.teamAddress, { email: messages.teamAddress });
  if (account?.companyId === company.id)
    throw new AppError("conflict", messages.alreadyIn, { email: messages.alreadyIn });
  await brandSource();
  const { token, tokenHash } = newMailedToken();
  const now = new Date();
  try {
    return await db.transaction(async (tx) => {
      const row = await insertCompanyInvitation(tx, {
        companyId: company.id,
        email,
        role: body.role,
        tokenHash,
        invitedBy: accountIdOf(caller),
        invitedByName: inviterName(caller),
        expiresAt: new Date(now.getTime() + INVITATION_MS),
        createdAt: now,
        updatedAt: now,
      });
      if (!row) throw new Error("The invitation was not written.");
      await queueMail(tx, brandSource, row, company.name, token);
      await recordAudit(tx, {
        actor: auditActorOf(caller),
        action: "company.invitation_sent",
        subject: { type: "company", id: company.id, label: company.name },
        after: { invitationId: row.id, role: row.role },
      });
      return toInvitation(row, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", messages.alreadyInvited, { email: messages.alreadyInvited });
    }
    throw error;
  }
}

async function lockOpen(tx: Database, companyId: string, id: string): Promise<CompanyInvitationRow> {
  if (!isId(id)) throw notFound("The invitation");
  const row = await companyInvitationForUpdate(tx, companyId, id);
  if (!row) throw notFound("The invitation");
  if (row.acceptedAt || row.revokedAt) throw new AppError("conflict", messages.notOpen);
  return row;
}

/** Sends an open invitation again with a new link (the old one stops working), for 7 more days. */
export async function resendCompanyInvitation(
  db: Database,
  brandSource: MailBrandSource,
  caller: SessionUser,
  id: string,
): Promise<CompanyInvitation> {
  const company = await adminsCompany(db, caller);
  await brandSource();
  const { token, tokenHash } = newMailedToken();
  return db.transaction(async (tx) => {
    const before = await lockOpen(tx, company.id, id);
    const now = new Date();
    const row = await renewCompanyInvitation(tx, before.id, {
      tokenHash,
      expiresAt: new Date(now.getTime() + INVITATION_MS),
      updatedAt: now,
    });
    if (!row) throw notFound("The invitation");
    await queueMail(tx, brandSource, row, company.name, token);
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "company.invitation_resent",
      subject: { type: "company", id: company.id, label: company.name },
      before: { invitationId: row.id, expiresAt: before.expiresAt.toISOString() },
      after: { invitationId: row.id, expiresAt: row.expiresAt.toISOString() },
    });
    return toInvitation(row, now);
  });
}

/** Withdraws an open invitation: its link stops working. */
export async function revokeCompanyInvitation(
  db: Database,
  caller: SessionUser,
  id: string,
): Promise<{ modifiedCount: number }> {
  const company = await adminsCompany(db, caller);
  return db.transaction(async (tx) => {
    const row = await lockOpen(tx, company.id, id);
    await closeCompanyInvitation(tx, row.id, { revokedAt: new Date() });
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "company.invitation_revoked",
      subject: { type: "company", id: company.id, label: company.name },
      after: { invitationId: row.id },
    });
    return { modifiedCount: 1 };
  });
}

/** 404 for a token no invitation has, 410 for one that was used, withdrawn or has expired. */
function refuseClosed(row: CompanyInvitationRow | undefined, now: Date): asserts row is CompanyInvitationRow {
  if (!row) throw new AppError("not_found", messages.unknown);
  if (row.acceptedAt) throw new AppError("gone", messages.used);
  if (row.revokedAt) throw new AppError("gone", messages.revoked);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError("gone", messages.expired);
}

/** What the page of a mailed link shows: the company, the address, the role, who invited. */
export async function lookUpCompanyInvitation(db: Database, token: string): Promise<CompanyInvitationLookup> {
  const row = await companyInvitationWithTokenHash(db, mailedTokenHash(token));
  refuseClosed(row, new Date());
  const company = await companyById(db, row.companyId);
  if (!company) throw new AppError("gone", messages.revoked);
  return {
    companyName: company.name,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedByName,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The invited person, signed in with the invited address, joins the company with the role
 * offered; the invitation closes. Someone whose own company holds orders is refused: those orders
 * would stay behind, out of their sight.
 */
export async function acceptCompanyInvitation(
  db: Database,
  caller: SessionUser,
  token: string,
): Promise<{ companyId: string }> {
  return db.transaction(async (tx) => {
    const row = await companyInvitationWithTokenHash(tx, mailedTokenHash(token), true);
    const now = new Date();
    refuseClosed(row, now);
    if (caller.email.toLowerCase() !== row.email.toLowerCase()) {
      throw new AppError("forbidden", messages.otherAddress(row.email));
    }
    if (!isClient(caller)) throw new AppError("conflict", messages.teamAddress);
    const place = await placeOfPerson(tx, caller.id);
    const leaving = place?.companyId && place.companyId !== row.companyId ? place.companyId : null;
    // Alone in a company that holds orders: they would stay behind, out of everyone's sight.
    if (
      leaving &&
      (await peopleOfCompany(tx, leaving)).length <= 1 &&
      (await companyHasOrders(tx, leaving))
    ) {
      throw new AppError("conflict", messages.ownOrders);
    }
    await addPersonToCompany(tx, { companyId: row.companyId, userId: caller.id, companyRole: row.role });
    await closeCompanyInvitation(tx, row.id, { acceptedAt: now, acceptedBy: caller.id });
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "company.person_added",
      subject: { type: "company", id: row.companyId },
      after: { personId: caller.id, role: row.role, invitationId: row.id },
    });
    return { companyId: row.companyId };
  });
}
