import { eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { reviews } from "../../db/schema.js";
import type { DomainEvents } from "../../events.js";

/**
 * A deleted account's reviews stay (the admin counts include them) under the placeholder name,
 * without a picture: those of the account and those written with its address.
 */
export async function forgetReviewer(db: Database, { user }: DomainEvents["account.erased"]) {
  await db
    .update(reviews)
    .set({ name: user.name, email: user.newEmail, profilePicture: null })
    .where(or(eq(reviews.userId, user.id), eq(sql`lower(${reviews.email})`, user.oldEmail)));
}
