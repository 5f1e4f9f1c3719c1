/** The signed-in account as the server knows it for a request. */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  /** The team role ("owner", "admin", "staff" or a custom role's id); null for a customer. */
  role: string | null;
  /** A custom role's permissions (see auth/permissions.ts). */
  permissions?: string | null;
  emailVerified: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
};

export type SignedIn = { user: SessionUser; session: { id: string; token: string; expiresAt: Date } };

/** A member of the agency's team (any role), as opposed to a customer. */
export function isTeamMember(user: Pick<SessionUser, "role">): boolean {
  return Boolean(user.role);
}
