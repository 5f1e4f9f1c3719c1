import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { leads } from "../../db/schema.js";

/** The address's (lower case) newsletter sign-up: when it was confirmed; undefined when there is none. */
export async function newsletterSignUpOfAddress(
  db: Database,
  address: string,
): Promise<{ confirmedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ confirmedAt: leads.confirmedAt })
    .from(leads)
    .where(and(eq(leads.kind, "newsletter"), eq(sql`lower(${leads.email})`, address)));
  return row;
}
