import { asc, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { user } from "../../../db/schema.js";

type AccountRow = typeof user.$inferSelect;

/** A member as a role change, a suspension or a removal needs them. */
export type MemberTarget = { id: string; email: string; role: string | null; suspendedAt: Date | null };

const targetColumns = { id: user.id, email: user.email, role: user.role, suspendedAt: user.suspendedAt };

/** Every member of the team: the owner first, then by name. */
export function membersOwnerFirst(db: Database): Promise<AccountRow[]> {
  return db
    .select()
    .from(user)
    .where(isNotNull(user.role))
    .orderBy(sql`${user.role} = 'owner' desc`, sql`lower(${user.name})`, asc(user.id));
}

/** Every member with whether their two-factor sign-in is on: the owner first, then by name. */
export function membersTwoFactorOwnerFirst(
  db: Database,
): Promise<{ id: string; name: string; email: string; role: string | null; enabled: boolean }[]> {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      enabled: user.twoFactorEnabled,
    })
    .from(user)
    .where(isNotNull(user.role))
    .orderBy(sql`${user.role} = 'owner' desc`, sql`lower(${user.name})`, asc(user.id));
}

/** The account, locked, as a role change or a suspension reads it; undefined when there is none. */
export async function memberTargetForUpdate(tx: Database, id: string): Promise<MemberTarget | undefined> {
  const [target] = await tx.select(targetColumns).from(user).where(eq(user.id, id)).for("update");
  return target;
}

/** The accounts, locked in the order of their ids. */
export function memberTargetsForUpdate(tx: Database, ids: string[]): Promise<MemberTarget[]> {
  return tx.select(targetColumns).from(user).where(inArray(user.id, ids)).orderBy(user.id).for("update");
}

/** The account with this address (lower case), locked; undefined when there is none. */
export async function memberTargetWithAddressForUpdate(
  tx: Database,
  address: string,
): Promise<MemberTarget | undefined> {
  const [target] = await tx
    .select(targetColumns)
    .from(user)
    .where(eq(sql`lower(${user.email})`, address))
    .for("update");
  return target;
}

/** The owner's and the Admins' accounts, locked. */
export function shopRunnersForUpdate(tx: Database): Promise<{ id: string }[]> {
  return tx
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.role, ["owner", "admin"]))
    .for("update");
}

/** The owner's account, locked (none before the shop's first admin). */
export function ownerForUpdate(tx: Database): Promise<{ id: string }[]> {
  return tx.select({ id: user.id }).from(user).where(eq(user.role, "owner")).for("update");
}

/** The role of the account with this address (lower case) and whether it is confirmed. */
export async function roleAndConfirmationOfAddress(
  db: Database,
  address: string,
): Promise<{ role: string | null; emailVerified: boolean } | undefined> {
  const [row] = await db
    .select({ role: user.role, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(sql`lower(${user.email})`, address));
  return row;
}

/** The role of the account with this address (lower case); undefined when no account has it. */
export async function roleOfAddress(
  db: Database,
  address: string,
): Promise<{ role: string | null } | undefined> {
  const [row] = await db
    .select({ role: user.role })
    .from(user)
    .where(eq(sql`lower(${user.email})`, address));
  return row;
}

/** The role of the account; undefined when there is no such account. */
export async function roleOfAccount(db: Database, id: string): Promise<{ role: string | null } | undefined> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, id));
  return row;
}

/** A member's two-factor sign-in, locked; undefined when there is no such account. */
export async function twoFactorOfAccountForUpdate(
  tx: Database,
  id: string,
): Promise<{ id: string; role: string | null; enabled: boolean } | undefined> {
  const [target] = await tx
    .select({ id: user.id, role: user.role, enabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, id))
    .for("update");
  return target;
}

/** How many members hold each role. */
export function membersPerRole(db: Database): Promise<{ role: string | null; members: number }[]> {
  return db
    .select({ role: user.role, members: count() })
    .from(user)
    .where(isNotNull(user.role))
    .groupBy(user.role);
}

/** How many accounts hold the role. */
export async function holdersOfRole(tx: Database, key: string): Promise<number> {
  const [held] = await tx.select({ value: count() }).from(user).where(eq(user.role, key));
  return held?.value ?? 0;
}
