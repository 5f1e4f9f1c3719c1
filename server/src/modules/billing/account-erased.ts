import type { Database } from "../../db/client.js";
import type { DomainEvents } from "../../events.js";
import { setPayerEmailOfAccount } from "./payments/queries.js";
import { setCustomerOfAccountReceipts } from "./receipts/queries.js";

/**
 * A deleted account's payments and receipts keep their numbers and amounts for the books, under
 * the placeholder name and address; receipts allow exactly this one change (migration 0016).
 */
export async function forgetPayer(db: Database, { user }: DomainEvents["account.erased"]) {
  await setPayerEmailOfAccount(db, user.id, user.newEmail);
  await setCustomerOfAccountReceipts(db, user);
}
