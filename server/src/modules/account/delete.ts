import { randomUUID } from "node:crypto";
import { accountDataMessages, DELETED_CUSTOMER_NAME, DELETED_EMAIL_DOMAIN } from "@agency/contract";
import { anonymiseUser, forgetSignIns } from "../../auth/account-deletion.js";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { emitDomainEvent } from "../../events.js";
import { dropMailTo } from "../../jobs/queue.js";
import { forgetOptOuts } from "../../mail/preferences.js";
import { forgetTestCards } from "../../payment-providers/test-provider.js";
import { type AuditActor, recordAudit } from "../audit/index.js";
import { accountLockedForDeletion, chargingPlanCount, shopRunnersLocked } from "./queries.js";

export { consumeDeletionToken, createDeletionToken } from "../../auth/account-deletion.js";

/** A non-routable address no one else has: the account's unique e-mail after deletion. */
function deletedEmail(): string {
  return `deleted-${randomUUID()}@${DELETED_EMAIL_DOMAIN}`;
}

/**
 * Deletes a customer's account by anonymising it, in one transaction. The user row stays (with a
 * placeholder name and address, and no way to sign in) so that the orders, payments and receipts
 * the agency keeps for its books still add up: every count and total in the admin dashboard is
 * the same afterwards. Everything that named the person is replaced or removed, each part by
 * the unit that writes it (the modules through `account.erased`, in this transaction):
 * - sign-in methods, sessions and pending links are removed; mail opt-outs and queued or sent mail
 *   jobs to the address are removed;
 * - orders, payments and receipts keep numbers and amounts, with the name, address (and the
 *   order's phone) replaced; receipts allow exactly this one change (migration 0016);
 * - reviews stay (the admin counts include them) under the placeholder name, without a picture;
 * - messages and order history stay, their author shown as the placeholder name;
 * - leads (contact, query, newsletter) sent from the address keep their kind and date only.
 */
export async function anonymiseAccount(db: Database, actor: AuditActor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await accountLockedForDeletion(tx, userId);
    if (!target) throw new AppError("not_found", "The account was not found.");

    // The owner hands the shop over first: it always has one, and someone to run it.
    if (target.role === "owner") throw new AppError("conflict", accountDataMessages.ownerDelete);
    if (target.role === "admin") {
      // The same lock as role changes take, so two admins deleting themselves at once cannot both succeed.
      const runners = await shopRunnersLocked(tx);
      if (runners.every((row) => row.id === target.id)) {
        throw new AppError("conflict", accountDataMessages.lastAdmin);
      }
    }

    // A running plan would keep charging a card no one can manage any more.
    if ((await chargingPlanCount(tx, userId)) > 0)
      throw new AppError("conflict", accountDataMessages.activePlans);

    const oldEmail = target.email.toLowerCase();
    const newEmail = deletedEmail();
    const name = DELETED_CUSTOMER_NAME;

    await forgetSignIns(tx, userId, oldEmail);
    await forgetTestCards(tx, userId);
    await anonymiseUser(tx, userId, { name, email: newEmail, fromRole: target.role });
    // Orders, payments, receipts, reviews, messages, quotes and invoices, and leads (see above).
    await emitDomainEvent(tx, "account.erased", { user: { id: userId, oldEmail, newEmail, name } });
    await forgetOptOuts(tx, oldEmail);
    await dropMailTo(tx, oldEmail);
    // Ids only: the log outlives the account and must not keep the person's name or address.
    await recordAudit(tx, {
      actor,
      action: "account.deleted",
      subject: { type: "user", id: userId },
      before: { role: target.role, deleted: false },
      after: { role: null, deleted: true },
    });
  });
}
