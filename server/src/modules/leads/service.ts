import {
  type ContactMessageBody,
  isId,
  type LeadStored,
  type NewsletterSignUpBody,
  type QueryRequestBody,
} from "@agency/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { leads } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import { emitDomainEvent } from "../../events.js";
import { enqueue } from "../../jobs/queue.js";
import { checkMailToken } from "../../mail/preferences.js";
import { type AuditActor, recordAudit } from "../audit/index.js";

type NewLead = typeof leads.$inferInsert;

/** Stores a contact message or query, and queues the owners' notice with it. */
async function store(db: Database, lead: NewLead): Promise<LeadStored> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(leads).values(lead).returning({ id: leads.id });
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
    const [inserted] = await tx
      .insert(leads)
      .values({ kind: "newsletter", email: body.email })
      .onConflictDoNothing()
      .returning({ id: leads.id, confirmedAt: leads.confirmedAt });
    const [lead] = inserted
      ? [inserted]
      : await tx
          .select({ id: leads.id, confirmedAt: leads.confirmedAt })
          .from(leads)
          .where(and(eq(leads.kind, "newsletter"), eq(sql`lower(${leads.email})`, body.email.toLowerCase())))
          .limit(1);
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
  const removed = await tx
    .delete(leads)
    .where(and(eq(leads.kind, "newsletter"), eq(sql`lower(${leads.email})`, address)))
    .returning();
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
  const [lead] = await db
    .update(leads)
    .set({ confirmedAt: sql`coalesce(${leads.confirmedAt}, now())` })
    .where(and(eq(leads.id, leadId), eq(leads.kind, "newsletter")))
    .returning({ email: leads.email });
  if (!lead) throw new AppError("not_found", messages.invalidConfirmation);
  return lead;
}

const messages = {
  invalidConfirmation: "This confirmation link is not valid any more. Please sign up again.",
} as const;
