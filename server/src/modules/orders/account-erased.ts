import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orderEvents, orders } from "../../db/schema.js";
import type { DomainEvents } from "../../events.js";

/**
 * A deleted account's orders keep their numbers and amounts under the placeholder name and
 * address, without the phone; their history shows the placeholder name where the person acted.
 */
export async function forgetOrderCustomer(db: Database, { user }: DomainEvents["account.erased"]) {
  await db
    .update(orders)
    .set({ name: user.name, email: user.newEmail, phone: "" })
    .where(eq(orders.userId, user.id));
  await db.update(orderEvents).set({ actorName: user.name }).where(eq(orderEvents.actorId, user.id));
}
