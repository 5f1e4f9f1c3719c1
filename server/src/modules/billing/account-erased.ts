import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { payments, receipts } from "../../db/schema.js";
import type { DomainEvents } from "../../events.js";

/**
 * A deleted account's payments and receipts keep their numbers and amounts for the books, under
 * the placeholder name and address; receipts allow exactly this one change (migration 0016).
 */
export async function forgetPayer(db: Database, { user }: DomainEvents["account.erased"]) {
  await db.update(payments).set({ email: user.newEmail }).where(eq(payments.userId, user.id));
  await db
    .update(receipts)
    .set({ customerName: user.name, customerEmail: user.newEmail })
    .where(eq(receipts.userId, user.id));
}
