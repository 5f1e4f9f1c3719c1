import type { AdminStatus, UserToken, UserTokenBody } from "@agency/contract";
import { permissionsOf } from "../../auth/permissions.js";
import { isTeamMember, type SignedIn } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { roleOfAddress } from "../team/index.js";

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * SPEC §7 PUT /user/{email}: returns a bearer token for API clients, but only for the caller's
 * own account; the source app handed out tokens for any address.
 */
export function issueToken(signedIn: SignedIn, email: string, body: UserTokenBody): UserToken {
  if (!sameEmail(email, signedIn.user.email) || !sameEmail(body.email, signedIn.user.email)) {
    throw new AppError("forbidden", "You can only get a token for your own account.");
  }
  return { token: signedIn.session.token };
}

/**
 * SPEC §7 GET /admin/{email}: the caller may ask about themselves (and learns their team role and
 * its permissions, so the screens offer only what they may do); admins may ask about anyone.
 */
export async function adminStatus(
  db: Database,
  caller: SignedIn["user"],
  email: string,
): Promise<AdminStatus> {
  if (sameEmail(email, caller.email)) {
    if (!isTeamMember(caller)) return { admin: false };
    return { admin: true, role: caller.role, permissions: [...permissionsOf(caller)] };
  }
  if (!isTeamMember(caller)) throw new AppError("forbidden", "You can only look up your own admin status.");
  const row = await roleOfAddress(db, email.trim().toLowerCase());
  if (!row) throw new AppError("not_found", `No account uses ${email}.`);
  return { admin: Boolean(row.role) };
}
