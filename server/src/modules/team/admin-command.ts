import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { setAdminRole } from "./admin-role.js";

export const adminUsage = "Usage: npm run admin -- grant <email> | revoke <email>";

/** `npm run admin -- grant|revoke <email>`: returns the line to print; throws AppError on refusal. */
export async function runAdminCommand(db: Database, args: string[]): Promise<string> {
  const [action, email, ...rest] = args;
  if ((action !== "grant" && action !== "revoke") || !email || rest.length > 0) {
    throw new AppError("bad_request", adminUsage);
  }
  const grant = action === "grant";
  const { modifiedCount } = await setAdminRole(db, { label: "command line" }, email, grant);
  if (modifiedCount === 0)
    return `${email} ${grant ? "is already an admin" : "is not an admin"}; nothing changed.`;
  return grant ? `${email} is now an admin.` : `${email} is no longer an admin.`;
}
