import type { Database } from "../../db/client.js";
import type { DomainEvents } from "../../events.js";
import { renameErasedCustomer } from "./queries/orders.js";

/**
 * A deleted account's orders keep their numbers and amounts under the placeholder name and
 * address, without the phone; their history shows the placeholder name where the person acted.
 */
export async function forgetOrderCustomer(db: Database, { user }: DomainEvents["account.erased"]) {
  await renameErasedCustomer(db, user);
}
