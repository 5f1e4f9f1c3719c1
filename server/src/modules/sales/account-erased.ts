import { eq, or } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { salesDocumentEvents, salesDocuments } from "../../db/schema.js";
import type { DomainEvents } from "../../events.js";

/**
 * Quotes and invoices sent to a deleted account or its address keep their numbers and amounts
 * under the placeholder name and address (the link then leads nowhere); their history shows the
 * placeholder name where the person acted.
 */
export async function forgetSalesCustomer(db: Database, { user }: DomainEvents["account.erased"]) {
  await db
    .update(salesDocuments)
    .set({ name: user.name, email: user.newEmail })
    .where(or(eq(salesDocuments.userId, user.id), eq(salesDocuments.email, user.oldEmail)));
  await db
    .update(salesDocumentEvents)
    .set({ actorName: user.name })
    .where(eq(salesDocumentEvents.actorId, user.id));
}
