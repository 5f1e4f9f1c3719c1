import type { Database } from "../../db/client.js";
import type { DomainEvents } from "../../events.js";
import { forgetPersonInCompany } from "./queries.js";

/**
 * A deleted account's company forgets them: named after them until details were given, it takes
 * the placeholder name; billed at their address, the placeholder address. A company they were
 * the only person of also loses its address and VAT ID. Its orders, payments and receipts stay.
 */
export async function forgetCompanyPerson(db: Database, { user }: DomainEvents["account.erased"]) {
  await forgetPersonInCompany(db, user);
}
