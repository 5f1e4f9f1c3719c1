import type { Database } from "../../db/client.js";
import type { DomainEvents } from "../../events.js";
import { anonymiseLeadsOfAddress } from "./queries.js";

/**
 * Leads (contact, query, newsletter) sent from a deleted account's address keep their kind and
 * date only. Each gets an address of its own: newsletter sign-ups are unique per address.
 */
export async function forgetLeadSender(db: Database, { user }: DomainEvents["account.erased"]) {
  await anonymiseLeadsOfAddress(db, user);
}
