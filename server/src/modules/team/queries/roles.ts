import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { teamRoles } from "../../../db/schema.js";

type RoleRow = typeof teamRoles.$inferSelect;

/** The owner's own roles, by name. */
export function customRolesByName(db: Database): Promise<RoleRow[]> {
  return db.select().from(teamRoles).orderBy(sql`lower(${teamRoles.name})`);
}

export async function customRoleById(db: Database, key: string): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(teamRoles).where(eq(teamRoles.id, key));
  return row;
}

/** Each custom role's id and name. */
export function customRoleNames(db: Database): Promise<{ id: string; name: string }[]> {
  return db.select({ id: teamRoles.id, name: teamRoles.name }).from(teamRoles);
}

export async function insertCustomRole(
  tx: Database,
  values: { name: string; permissions: string[] },
): Promise<RoleRow | undefined> {
  const [row] = await tx.insert(teamRoles).values(values).returning();
  return row;
}

export async function customRoleForUpdate(tx: Database, key: string): Promise<RoleRow | undefined> {
  const [row] = await tx.select().from(teamRoles).where(eq(teamRoles.id, key)).for("update");
  return row;
}

/** The role renamed and given these permissions; undefined when it is gone. */
export async function updateCustomRole(
  tx: Database,
  key: string,
  values: { name: string; permissions: string[] },
): Promise<RoleRow | undefined> {
  const [row] = await tx
    .update(teamRoles)
    .set({ name: values.name, permissions: values.permissions, updatedAt: new Date() })
    .where(eq(teamRoles.id, key))
    .returning();
  return row;
}

export async function deleteCustomRole(tx: Database, key: string): Promise<void> {
  await tx.delete(teamRoles).where(eq(teamRoles.id, key));
}
