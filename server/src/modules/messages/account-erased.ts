import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { messageReads, messages } from "../../db/schema.js";
import type { DomainEvents } from "../../events.js";

/** A deleted account's messages stay on their threads, signed with the placeholder name. */
export async function forgetMessageAuthor(db: Database, { user }: DomainEvents["account.erased"]) {
  await db.delete(messageReads).where(eq(messageReads.userId, user.id));
  await db.update(messages).set({ authorName: user.name }).where(eq(messages.authorId, user.id));
}
