import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { user } from "../../../db/schema.js";

/** The account with this address (in any case), if there is one. */
export async function accountWithAddress(db: Database, email: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, role: user.role, companyId: user.companyId })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row;
}
