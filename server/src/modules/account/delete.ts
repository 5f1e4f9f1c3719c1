import { createHash, randomBytes, randomUUID } from "node:crypto";
import { accountDataMessages, DELETED_CUSTOMER_NAME, DELETED_EMAIL_DOMAIN } from "@agency/contract";
import { and, count, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  account,
  jobs,
  leads,
  mailOptOuts,
  messageReads,
  messages,
  orderEvents,
  orders,
  payments,
  receipts,
  reviews,
  roleChanges,
  salesDocumentEvents,
  salesDocuments,
  session,
  subscriptions,
  testPaymentMethods,
  user,
  verification,
} from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { type AuditActor, recordAudit } from "../audit/index.js";

/** A non-routable address no one else has: the account's unique e-mail after deletion. */
function deletedEmail(): string {
  return `deleted-${randomUUID()}@${DELETED_EMAIL_DOMAIN}`;
}

const DELETION_TOKEN_PREFIX = "account-deletion:";
const DELETION_TOKEN_HOURS = 24;

/** Only the token's hash is stored: a database copy cannot be used to delete accounts. */
const tokenIdentifier = (token: string) =>
  `${DELETION_TOKEN_PREFIX}${createHash("sha256").update(token).digest("hex")}`;

/** A one-day link token that confirms the deletion of the account (for accounts without a password). */
export async function createDeletionToken(db: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: tokenIdentifier(token),
    value: userId,
    expiresAt: new Date(Date.now() + DELETION_TOKEN_HOURS * 60 * 60 * 1000),
  });
  return token;
}

/** Uses up a mailed deletion token of this account; false when it is unknown, someone else's or expired. */
export async function consumeDeletionToken(db: Database, userId: string, token: string): Promise<boolean> {
  const deleted = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, tokenIdentifier(token)),
        eq(verification.value, userId),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .returning({ id: verification.id });
  return deleted.length > 0;
}

/**
 * Deletes a customer's account by anonymising it, in one transaction. The user row stays (with a
 * placeholder name and address, and no way to sign in) so that the orders, payments and receipts
 * the agency keeps for its books still add up: every count and total in the admin dashboard is
 * the same afterwards. Everything that named the person is replaced or removed:
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
    const [target] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!target) throw new AppError("not_found", "The account was not found.");

    // The owner hands the shop over first: it always has one, and someone to run it.
    if (target.role === "owner") throw new AppError("conflict", accountDataMessages.ownerDelete);
    if (target.role === "admin") {
      // The same lock as role changes take, so two admins deleting themselves at once cannot both succeed.
      const runners = await tx
        .select({ id: user.id })
        .from(user)
        .where(inArray(user.role, ["owner", "admin"]))
        .for("update");
      if (runners.every((row) => row.id === target.id)) {
        throw new AppError("conflict", accountDataMessages.lastAdmin);
      }
    }

    // A running plan would keep charging a card no one can manage any more.
    const [running] = await tx
      .select({ value: count() })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["active", "past_due"])));
    if ((running?.value ?? 0) > 0) throw new AppError("conflict", accountDataMessages.activePlans);

    const oldEmail = target.email.toLowerCase();
    const newEmail = deletedEmail();
    const name = DELETED_CUSTOMER_NAME;

    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx
      .delete(verification)
      .where(or(eq(verification.value, userId), eq(sql`lower(${verification.identifier})`, oldEmail)));
    await tx.delete(testPaymentMethods).where(eq(testPaymentMethods.userId, userId));
    await tx.delete(messageReads).where(eq(messageReads.userId, userId));
    await tx
      .update(user)
      .set({ name, email: newEmail, emailVerified: false, image: null, role: null, lastLoginAt: null })
      .where(eq(user.id, userId));

    await tx.update(orders).set({ name, email: newEmail, phone: "" }).where(eq(orders.userId, userId));
    await tx.update(payments).set({ email: newEmail }).where(eq(payments.userId, userId));
    await tx
      .update(receipts)
      .set({ customerName: name, customerEmail: newEmail })
      .where(eq(receipts.userId, userId));
    await tx
      .update(reviews)
      .set({ name, email: newEmail, profilePicture: null })
      .where(or(eq(reviews.userId, userId), eq(sql`lower(${reviews.email})`, oldEmail)));
    await tx.update(messages).set({ authorName: name }).where(eq(messages.authorId, userId));
    await tx.update(orderEvents).set({ actorName: name }).where(eq(orderEvents.actorId, userId));
    // Quotes and invoices sent to the account or its address (the link then leads nowhere).
    await tx
      .update(salesDocuments)
      .set({ name, email: newEmail })
      .where(or(eq(salesDocuments.userId, userId), eq(salesDocuments.email, oldEmail)));
    await tx
      .update(salesDocumentEvents)
      .set({ actorName: name })
      .where(eq(salesDocumentEvents.actorId, userId));
    await tx.update(roleChanges).set({ targetEmail: newEmail }).where(eq(roleChanges.targetId, userId));
    await tx.update(roleChanges).set({ actorLabel: newEmail }).where(eq(roleChanges.actorId, userId));

    // Each lead gets an address of its own: newsletter sign-ups are unique per address.
    await tx
      .update(leads)
      .set({
        name: sql`case when ${leads.name} is null then null else ${name} end`,
        email: sql`'deleted-' || ${leads.id}::text || ${`@${DELETED_EMAIL_DOMAIN}`}`,
        message: null,
      })
      .where(eq(sql`lower(${leads.email})`, oldEmail));
    await tx.delete(mailOptOuts).where(eq(mailOptOuts.email, oldEmail));
    // Mail to the old address, sent or waiting: its copy in the queue goes (a running one finishes).
    // Matched as a whole JSON string, so "xa@b.com" is not taken for "a@b.com".
    await tx
      .delete(jobs)
      .where(
        and(
          ne(jobs.status, "running"),
          sql`position(${JSON.stringify(oldEmail)} in lower(${jobs.payload}::text)) > 0`,
        ),
      );
    if (target.role) {
      await tx.insert(roleChanges).values({
        actorId: null,
        actorLabel: "account deleted",
        targetId: userId,
        targetEmail: newEmail,
        fromRole: target.role,
        toRole: null,
      });
    }
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
