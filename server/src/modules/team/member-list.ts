import type { TeamMemberList } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { toInvitation } from "./invitations.js";
import { openInvitationsOldestFirst } from "./queries/invitations.js";
import { membersOwnerFirst } from "./queries/members.js";
import { roleNames } from "./role-definitions.js";

/** The team page: every member (the owner first, then by name) and the invitations still open. */
export async function listTeam(db: Database): Promise<TeamMemberList> {
  const [names, members, invitations] = await Promise.all([
    roleNames(db),
    membersOwnerFirst(db),
    openInvitationsOldestFirst(db),
  ]);
  const now = new Date();
  return {
    members: members.map((member) => ({
      id: member.id,
      name: member.name,
      email: member.email,
      role: member.role ?? "",
      roleName: names.get(member.role ?? "") ?? member.role ?? "",
      suspended: member.suspendedAt !== null,
      suspendedAt: member.suspendedAt?.toISOString() ?? null,
      lastSignInAt: member.lastLoginAt?.toISOString() ?? null,
      joinedAt: member.createdAt.toISOString(),
    })),
    invitations: invitations.map((row) => toInvitation(row, names.get(row.role) ?? row.role, now)),
  };
}
