import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { account, roleChanges, session, user, verification } from "../db/schema.js";

// The sign-in side of deleting an account: its confirmation links, and what the user row, its
// sign-ins and its role history keep afterwards. The account module decides when an account may go.

const DELETION_TOKEN_PREFIX = "account-deletion:";
const DELETION_TOKEN_HOURS = 24;

/** Only the token's hash is stored: a database copy cannot be used to delete accounts. */
const tokenIdentifier = (token: string) =>
  `${DELETION_TOKEN_PREFIX}${createHash("sha256").update(token).digest("hex")}`;

/** A one-day link token that confirms the deletion of the account (for accounts without a password). */
export async function createDeletionToken(db: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: tokenIdentifier(token),
    value: userId,
    expiresAt: new Date(Date.now() + DELETION_TOKEN_HOURS * 60 * 60 * 1000),
  });
  return token;
}

/** Uses up a mailed deletion token of this account; false when it is unknown, someone else's or expired. */
export async function consumeDeletionToken(db: Database, userId: string, token: string): Promise<boolean> {
  const deleted = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, tokenIdentifier(token)),
        eq(verification.value, userId),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .returning({ id: verification.id });
  return deleted.length > 0;
}

/**
 * No way back in: the account's sign-in methods and sessions go, and so do its pending links
 * (those of the account, and those sent to its address, `email` in lower case).
 */
export async function forgetSignIns(db: Database, userId: string, email: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
  await db.delete(account).where(eq(account.userId, userId));
  await db
    .delete(verification)
    .where(or(eq(verification.value, userId), eq(sql`lower(${verification.identifier})`, email)));
}

/**
 * The user row stays, for the orders and payments that point to it, under a placeholder `name`
 * and `email` and without a role; the team's role history shows the placeholder address too, and
 * records the role ending with the account (`fromRole`, when it had one).
 */
export async function anonymiseUser(
  db: Database,
  userId: string,
  { name, email, fromRole }: { name: string; email: string; fromRole: string | null },
): Promise<void> {
  await db
    .update(user)
    .set({ name, email, emailVerified: false, image: null, role: null, lastLoginAt: null })
    .where(eq(user.id, userId));
  await db.update(roleChanges).set({ targetEmail: email }).where(eq(roleChanges.targetId, userId));
  await db.update(roleChanges).set({ actorLabel: email }).where(eq(roleChanges.actorId, userId));
  if (fromRole) {
    await db.insert(roleChanges).values({
      actorId: null,
      actorLabel: "account deleted",
      targetId: userId,
      targetEmail: email,
      fromRole,
      toRole: null,
    });
  }
}
