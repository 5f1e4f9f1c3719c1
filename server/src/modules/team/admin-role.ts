import { accountDataMessages, isDeletedAccountEmail } from "@agency/contract";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { refuseUnlessOwner, refuseUntouchableMember } from "./grants.js";
import {
  memberTargetWithAddressForUpdate,
  ownerForUpdate,
  roleAndConfirmationOfAddress,
  shopRunnersForUpdate,
} from "./queries/members.js";
import { changeRole, type RoleActor } from "./role-changes.js";

/**
 * SPEC §6 "Make admin" / "Remove admin": gives an account the Admin role, or makes it a customer
 * again, and records who did it. Returns how many accounts changed (0 when the role was already as
 * asked). The first admin named by the system becomes the shop's owner; the owner keeps the role
 * until they hand ownership over, so the shop always has one. A member of the team asking
 * (`caller`; the system names none) is held to the team's rules: only the owner makes or removes
 * Admins, and nobody removes themselves or a member with permissions they lack.
 */
export async function setAdminRole(
  db: Database,
  actor: RoleActor,
  email: string,
  admin: boolean,
  caller?: SessionUser,
): Promise<{ modifiedCount: number }> {
  if (admin && caller) refuseUnlessOwner(caller);
  return db.transaction(async (tx) => {
    const target = await memberTargetWithAddressForUpdate(tx, email.toLowerCase());
    if (!target) throw new AppError("not_found", `No account uses ${email}.`);
    if (admin && target.role === "owner") return { modifiedCount: 0 };
    // Nobody can sign in to a deleted account; as an admin it would only be a name on the list.
    if (admin && isDeletedAccountEmail(target.email)) {
      throw new AppError("conflict", accountDataMessages.deletedAccountAdmin);
    }
    if (!admin && target.role) {
      // The owner keeps the role, and someone always runs the shop: the owner and Admin rows are
      // locked so two admins removing each other at once cannot both succeed.
      const runners = await shopRunnersForUpdate(tx);
      if (target.role === "owner" || runners.every((row) => row.id === target.id)) {
        throw new AppError(
          "conflict",
          "The last admin cannot lose admin access. Make someone else an admin first.",
        );
      }
      if (caller) await refuseUntouchableMember(tx, caller, target);
    }
    // The first admin the system names (ADMIN_EMAIL, the command line) is the owner; the owner's
    // row is locked, so two at once cannot both become it.
    const system = !("id" in actor);
    const owner = admin && system ? await ownerForUpdate(tx) : [{ id: "" }];
    const toRole = admin ? (owner.length === 0 ? "owner" : "admin") : null;
    const changed = await changeRole(tx, actor, target, toRole, { allowOwner: true });
    return { modifiedCount: changed ? 1 : 0 };
  });
}

/** ADMIN_EMAIL: the account with that address is an admin, whenever it was created or confirmed. */
export async function applyConfiguredAdmin(db: Database, email: string | undefined): Promise<void> {
  if (!email) return;
  const target = await roleAndConfirmationOfAddress(db, email.toLowerCase());
  // Only once the address is confirmed: whoever holds the mailbox is the owner.
  if (target?.emailVerified && !target.role) {
    await setAdminRole(db, { label: "ADMIN_EMAIL" }, email, true);
  }
}
