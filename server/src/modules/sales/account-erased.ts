import type { Database } from "../../db/client.js";
import type { DomainEvents } from "../../events.js";
import { readdressSalesDocumentsOf } from "./queries/documents.js";
import { renameActorInHistory } from "./queries/history.js";

/**
 * Quotes and invoices sent to a deleted account or its address keep their numbers and amounts
 * under the placeholder name and address (the link then leads nowhere); their history shows the
 * placeholder name where the person acted.
 */
export async function forgetSalesCustomer(db: Database, { user }: DomainEvents["account.erased"]) {
  await readdressSalesDocumentsOf(db, user);
  await renameActorInHistory(db, user.id, user.name);
}
