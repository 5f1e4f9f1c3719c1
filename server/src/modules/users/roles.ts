import { accountDataMessages, isDeletedAccountEmail } from "@agency/contract";
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { roleChanges, user } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { type AuditActor, recordAudit } from "../audit/index.js";

export type RoleActor = { id: string; email: string } | { label: string };

function actorFields(actor: RoleActor) {
  return "id" in actor
    ? { actorId: actor.id, actorLabel: actor.email }
    : { actorId: null, actorLabel: actor.label };
}

function auditActor(actor: RoleActor): AuditActor {
  return "id" in actor
    ? { type: "admin", id: actor.id, email: actor.email }
    : { type: "system", label: actor.label };
}

/**
 * Gives or takes the admin role and records who did it. Returns how many accounts changed (0 when
 * the role was already as asked). The last admin cannot be removed, so the shop always has one.
 */
export async function setAdminRole(
  db: Database,
  actor: RoleActor,
  email: string,
  admin: boolean,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
      .for("update");
    if (!target) throw new AppError("not_found", `No account uses ${email}.`);
    const toRole = admin ? "admin" : null;
    if (target.role === toRole) return { modifiedCount: 0 };
    // Nobody can sign in to a deleted account; as an admin it would only be a name on the list.
    if (admin && isDeletedAccountEmail(target.email)) {
      throw new AppError("conflict", accountDataMessages.deletedAccountAdmin);
    }

    if (!admin) {
      // Lock the admin rows so two admins removing each other at once cannot both succeed.
      await tx.select({ id: user.id }).from(user).where(eq(user.role, "admin")).for("update");
      const [admins] = await tx.select({ value: count() }).from(user).where(eq(user.role, "admin"));
      if ((admins?.value ?? 0) <= 1) {
        throw new AppError(
          "conflict",
          "The last admin cannot lose admin access. Make someone else an admin first.",
        );
      }
    }

    await tx
      .update(user)
      .set({ role: toRole })
      .where(and(eq(user.id, target.id)));
    await tx.insert(roleChanges).values({
      ...actorFields(actor),
      targetId: target.id,
      targetEmail: target.email,
      fromRole: target.role,
      toRole,
    });
    await recordAudit(tx, {
      actor: auditActor(actor),
      action: "user.role_changed",
      subject: { type: "user", id: target.id },
      before: { role: target.role },
      after: { role: toRole },
    });
    return { modifiedCount: 1 };
  });
}

/** ADMIN_EMAIL: the account with that address is an admin, whenever it was created or confirmed. */
export async function applyConfiguredAdmin(db: Database, email: string | undefined): Promise<void> {
  if (!email) return;
  const [target] = await db
    .select({ role: user.role, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  // Only once the address is confirmed: whoever holds the mailbox is the owner.
  if (target?.emailVerified && target.role !== "admin") {
    await setAdminRole(db, { label: "ADMIN_EMAIL" }, email, true);
  }
}
