import { runWithAdapter } from "@better-auth/core/context";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { user } from "../db/schema.js";
import { type Auth, authSchema } from "./auth.js";

/** Hashes a password as Better Auth does at sign-up (slow on purpose: do it before a transaction). */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  return (await auth.$context).password.hash(password);
}

/**
 * Makes an account with a password and a confirmed address inside `tx`, through Better Auth's own
 * writes (ids, defaults and its database hooks as at sign-up), so it commits or rolls back with the
 * caller's other changes. Better Auth writes through an adapter bound to `tx` for the time of the
 * call. Answers the new account's id; a taken address fails on the unique e-mail (23505).
 */
export async function createPasswordAccount(
  auth: Auth,
  tx: Database,
  account: { email: string; name: string; passwordHash: string },
): Promise<string> {
  const context = await auth.$context;
  const adapter = drizzleAdapter(tx, { provider: "pg", schema: authSchema })(context.options);
  const id = await runWithAdapter(adapter, async () => {
    // Created unconfirmed, then confirmed below: the sign-up hook's ADMIN_EMAIL rule reads the
    // database outside `tx` for a confirmed address, and on the embedded database that read
    // would wait for this very transaction.
    const created = await context.internalAdapter.createUser(
      { email: account.email, name: account.name, emailVerified: false },
      { method: "email-password" },
    );
    if (!created) throw new Error("The account was not created.");
    await context.internalAdapter.linkAccount({
      userId: created.id,
      providerId: "credential",
      accountId: created.id,
      password: account.passwordHash,
    });
    return created.id;
  });
  await tx.update(user).set({ emailVerified: true }).where(eq(user.id, id));
  return id;
}
