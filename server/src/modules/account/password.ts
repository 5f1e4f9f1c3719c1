import { and, eq } from "drizzle-orm";
import type { Auth } from "../../auth/auth.js";
import type { Database } from "../../db/client.js";
import { account } from "../../db/schema.js";

/** The hash of the account's password; null for accounts that sign in only through Google or Facebook. */
export async function passwordOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return row?.password ?? null;
}

/** Checked with the same hashing the sign-in uses. */
export async function verifyAccountPassword(auth: Auth, hash: string, password: string): Promise<boolean> {
  const context = await auth.$context;
  return context.password.verify({ hash, password });
}
