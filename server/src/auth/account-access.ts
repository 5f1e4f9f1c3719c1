import type { ClientRole, Permission } from "@agency/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { roleChanges, session, twoFactor, user, verification } from "../db/schema.js";
import { storedPermissions } from "./permissions.js";

// What an account may do and how it signs in: its role and permissions (with the history of role
// changes), its suspension, its sessions and its second factor. The team decides who may change
// what for whom, locks the rows and audits it; these are the writes, run in its transaction `tx`.

/**
 * Gives the account `role` (null: a customer again) with the role's `permissions`, kept on the row
 * as `storedPermissions` keeps them (none for a built-in role).
 */
export async function setUserRole(
  tx: Database,
  userId: string,
  role: string | null,
  permissions: readonly Permission[] = [],
): Promise<void> {
  await tx
    .update(user)
    .set({ role, permissions: role ? storedPermissions(role, permissions) : null })
    .where(eq(user.id, userId));
}

/** A custom role's new permissions, copied onto every account holding it; answers those accounts. */
export async function setPermissionsOfRole(
  tx: Database,
  role: string,
  permissions: readonly Permission[],
): Promise<{ id: string }[]> {
  return tx
    .update(user)
    .set({ permissions: storedPermissions(role, permissions) })
    .where(eq(user.role, role))
    .returning({ id: user.id });
}

type RoleChange = Pick<
  typeof roleChanges.$inferInsert,
  "actorId" | "actorLabel" | "targetId" | "targetEmail" | "fromRole" | "toRole"
>;

/** The team's role history: who changed whose role, from what to what. */
export async function recordRoleChanges(tx: Database, changes: RoleChange[]): Promise<void> {
  await tx.insert(roleChanges).values(changes);
}

/** Suspended since `at`, or let back in (null): auth.ts refuses a suspended account a new session. */
export async function setSuspendedSince(tx: Database, userId: string, at: Date | null): Promise<void> {
  await tx.update(user).set({ suspendedAt: at }).where(eq(user.id, userId));
}

/** Signs the account out everywhere: every session it has ends now. */
export async function endSessionsOf(tx: Database, userId: string): Promise<void> {
  await tx.delete(session).where(eq(session.userId, userId));
}

/** Deletes the account's second factor (its secret and backup codes); answers how many there were. */
export async function deleteSecondFactor(tx: Database, userId: string): Promise<number> {
  const removed = await tx
    .delete(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .returning({ id: twoFactor.id });
  return removed.length;
}

/**
 * Two-factor sign-in off for the account: the devices trusted to skip the code, and the sign-in
 * challenges still open, are theirs and go too.
 */
export async function turnOffSecondFactor(tx: Database, userId: string): Promise<void> {
  await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
  await tx
    .delete(verification)
    .where(
      and(
        eq(verification.value, userId),
        sql`(${verification.identifier} like 'trust-device-%' or ${verification.identifier} like '2fa-%')`,
      ),
    );
}

/**
 * Puts the account in a client company with a client role, or out of any (nulls). The companies
 * module decides who joins and leaves; this is the write, in its transaction `tx`.
 */
export async function setCompanyOf(
  tx: Database,
  userId: string,
  place: { companyId: string | null; companyRole: ClientRole | null },
): Promise<void> {
  await tx.update(user).set(place).where(eq(user.id, userId));
}
