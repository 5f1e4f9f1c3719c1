/** The signed-in account as the server knows it for a request. */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: string | null;
  emailVerified: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
};

export type SignedIn = { user: SessionUser; session: { id: string; token: string; expiresAt: Date } };

export function isAdmin(user: SessionUser): boolean {
  return user.role === "admin";
}
