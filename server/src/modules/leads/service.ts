import {
  type ContactMessageBody,
  isId,
  type LeadStored,
  type NewsletterSignUpBody,
  type QueryRequestBody,
} from "@agency/contract";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { emitDomainEvent } from "../../events.js";
import { enqueue } from "../../jobs/queue.js";
import { checkMailToken } from "../../mail/preferences.js";
import { type AuditActor, recordAudit } from "../audit/index.js";
import {
  confirmNewsletterSignUp,
  deleteNewsletterSignUpsOfAddress,
  insertLead,
  insertNewsletterSignUpUnlessListed,
  type NewLead,
  newsletterSignUpOfAddress,
} from "./queries.js";

/** Stores a contact message or query, and queues the owners' notice with it. */
async function store(db: Database, lead: NewLead): Promise<LeadStored> {
  return db.transaction(async (tx) => {
    const row = await insertLead(tx, lead);
    if (!row) throw new Error("The lead was not stored.");
    await enqueue(tx, "mail.lead-received", { leadId: row.id });
    await emitDomainEvent(tx, "lead.received", { lead: row });
    return { success: true, insertedId: row.id };
  });
}

// SPEC §2 Contact screen: name, email and the description the visitor wrote.
export function storeContactMessage(db: Database, body: ContactMessageBody): Promise<LeadStored> {
  return store(db, { kind: "contact", name: body.name, email: body.email, message: body.message });
}

// SPEC §5 Query form (home): the visitor's website and email.
export function storeQueryRequest(db: Database, body: QueryRequestBody): Promise<LeadStored> {
  return store(db, { kind: "query", email: body.email, website: body.website });
}

/**
 * Signing up twice keeps one subscription and answers as the first time did, so the form does not
 * tell strangers which addresses are already on the list. The address counts once its owner opens
 * the mailed confirmation link; an unconfirmed one is mailed again at most once a day.
 */
export async function signUpForNewsletter(db: Database, body: NewsletterSignUpBody): Promise<LeadStored> {
  return db.transaction(async (tx) => {
    const inserted = await insertNewsletterSignUpUnlessListed(tx, body.email);
    const lead = inserted ?? (await newsletterSignUpOfAddress(tx, body.email.toLowerCase()));
    if (!lead) throw new Error("The newsletter sign-up was neither stored nor found.");
    if (!lead.confirmedAt) {
      const day = new Date().toISOString().slice(0, 10);
      await enqueue(
        tx,
        "mail.newsletter-confirmation",
        { leadId: lead.id },
        { key: `newsletter:${lead.id}:${day}` },
      );
    }
    return { success: true, insertedId: lead.id };
  });
}

/**
 * Removes the address's newsletter sign-up (the address is lower case) inside `tx`: the reader
 * left the list. The audit log records it by id, since the address goes.
 */
export async function removeNewsletterSignUp(
  tx: Database,
  actor: AuditActor,
  address: string,
): Promise<void> {
  const removed = await deleteNewsletterSignUpsOfAddress(tx, address);
  for (const lead of removed) {
    await recordAudit(tx, {
      actor,
      action: "lead.deleted",
      subject: { type: "lead", id: lead.id },
      before: { kind: lead.kind, confirmed: lead.confirmedAt !== null, createdAt: lead.createdAt },
    });
  }
}

/** The mailed link's token: the sign-up's id and a signature only the shop can make. */
export async function confirmNewsletter(
  db: Database,
  secret: string,
  token: string,
): Promise<{ email: string }> {
  const [leadId = "", signature = ""] = token.split(".");
  if (!isId(leadId) || !checkMailToken(secret, "newsletter", leadId, signature)) {
    throw new AppError("not_found", messages.invalidConfirmation);
  }
  const lead = await confirmNewsletterSignUp(db, leadId);
  if (!lead) throw new AppError("not_found", messages.invalidConfirmation);
  return lead;
}

const messages = {
  invalidConfirmation: "This confirmation link is not valid any more. Please sign up again.",
} as const;
