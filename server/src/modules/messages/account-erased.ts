import type { Database } from "../../db/client.js";
import type { DomainEvents } from "../../events.js";
import { deleteReadsOf, renameMessagesOf } from "./queries.js";

/** A deleted account's messages stay on their threads, signed with the placeholder name. */
export async function forgetMessageAuthor(db: Database, { user }: DomainEvents["account.erased"]) {
  await deleteReadsOf(db, user.id);
  await renameMessagesOf(db, user.id, user.name);
}
