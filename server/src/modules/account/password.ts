import type { Auth } from "../../auth/auth.js";

/** Checked with the same hashing the sign-in uses. */
export async function verifyAccountPassword(auth: Auth, hash: string, password: string): Promise<boolean> {
  const context = await auth.$context;
  return context.password.verify({ hash, password });
}
