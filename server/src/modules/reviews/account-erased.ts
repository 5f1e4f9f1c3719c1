import type { Database } from "../../db/client.js";
import type { DomainEvents } from "../../events.js";
import { anonymiseReviewsOf } from "./queries.js";

/**
 * A deleted account's reviews stay (the admin counts include them) under the placeholder name,
 * without a picture: those of the account and those written with its address.
 */
export async function forgetReviewer(db: Database, { user }: DomainEvents["account.erased"]) {
  await anonymiseReviewsOf(db, user);
}
