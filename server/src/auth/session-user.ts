import type { ClientRole } from "@agency/contract";

/** The signed-in account as the server knows it for a request. */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  /** The team role ("owner", "admin", "staff" or a custom role's id); null for a customer. */
  role: string | null;
  /**
   * A customer's client company and their client role in it (docs/decisions/028): they see the
   * company's orders within that role. Null for a member of the team, and for a customer before
   * their first order makes them a company of one.
   */
  companyId?: string | null;
  companyRole?: ClientRole | null;
  /** A custom role's permissions (see auth/permissions.ts). */
  permissions?: string | null;
  emailVerified: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** Sign-in asks for a code after the password (see auth/two-factor-policy.ts). */
  twoFactorEnabled?: boolean | null;
  /**
   * Set when the caller is an API key rather than a person (see auth/api-keys.ts): its id is then
   * "apikey:<key id>", which no account has, and its name "API key <name>". The key acts for the
   * member who made it (`madeBy`, their account's id): it never changes that member's own role.
   */
  apiKey?: { id: string; name: string; madeBy?: string | null };
};

export type SignedIn = { user: SessionUser; session: { id: string; token: string; expiresAt: Date } };

/** A member of the agency's team (any role), as opposed to a customer. */
export function isTeamMember(user: Pick<SessionUser, "role">): boolean {
  return Boolean(user.role);
}

/**
 * The caller's account, for a column that refers to one (who uploaded, who changed a state): null
 * for an API key, which is no account; its name is kept beside it.
 */
export function accountIdOf(user: Pick<SessionUser, "id" | "apiKey">): string | null {
  return user.apiKey ? null : user.id;
}
