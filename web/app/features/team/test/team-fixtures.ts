import { builtInRoles, type TeamInvitation, type TeamMember, type TeamRole } from "@agency/contract";

/** The three built-in roles and a custom one, as GET /api/team/roles answers. */
export function teamRoles(): TeamRole[] {
  return [
    ...(["owner", "admin", "staff"] as const).map((key) => ({
      key,
      name: builtInRoles[key].name,
      permissions: [...builtInRoles[key].permissions],
      builtIn: true,
      members: key === "owner" ? 1 : 0,
    })),
    {
      key: "3f1d7c2e-0000-4000-8000-0000000000e1",
      name: "Editors",
      permissions: ["content.edit"],
      builtIn: false,
      members: 0,
    },
  ];
}

export function teamMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: "member-1",
    name: "Sam Staff",
    email: "sam@example.com",
    role: "staff",
    roleName: "Staff",
    suspended: false,
    suspendedAt: null,
    lastSignInAt: "2026-11-20T09:30:00.000Z",
    joinedAt: "2026-10-01T09:30:00.000Z",
    ...overrides,
  };
}

export function teamInvitation(overrides: Partial<TeamInvitation> = {}): TeamInvitation {
  return {
    id: "3f1d7c2e-0000-4000-8000-00000000a001",
    email: "waiting@example.com",
    role: "staff",
    roleName: "Staff",
    invitedBy: "Olivia Owner",
    sentAt: "2026-11-20T09:30:00.000Z",
    expiresAt: "2026-11-27T09:30:00.000Z",
    expired: false,
    ...overrides,
  };
}
