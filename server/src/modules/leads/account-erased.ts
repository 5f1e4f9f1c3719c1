import { DELETED_EMAIL_DOMAIN } from "@agency/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { leads } from "../../db/schema.js";
import type { DomainEvents } from "../../events.js";

/**
 * Leads (contact, query, newsletter) sent from a deleted account's address keep their kind and
 * date only. Each gets an address of its own: newsletter sign-ups are unique per address.
 */
export async function forgetLeadSender(db: Database, { user }: DomainEvents["account.erased"]) {
  await db
    .update(leads)
    .set({
      name: sql`case when ${leads.name} is null then null else ${user.name} end`,
      email: sql`'deleted-' || ${leads.id}::text || ${`@${DELETED_EMAIL_DOMAIN}`}`,
      message: null,
    })
    .where(eq(sql`lower(${leads.email})`, user.oldEmail));
}
