import type {
  ContactMessageBody,
  LeadStored,
  NewsletterSignUpBody,
  QueryRequestBody,
} from "@agency/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { leads } from "../../db/schema.js";

type NewLead = typeof leads.$inferInsert;

async function store(db: Database, lead: NewLead): Promise<LeadStored> {
  const [row] = await db.insert(leads).values(lead).returning({ id: leads.id });
  if (!row) throw new Error("The lead was not stored.");
  return { success: true, insertedId: row.id };
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
 * tell strangers which addresses are already on the list.
 */
export async function signUpForNewsletter(db: Database, body: NewsletterSignUpBody): Promise<LeadStored> {
  const [inserted] = await db
    .insert(leads)
    .values({ kind: "newsletter", email: body.email })
    .onConflictDoNothing()
    .returning({ id: leads.id });
  if (inserted) return { success: true, insertedId: inserted.id };
  const [existing] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.kind, "newsletter"), eq(sql`lower(${leads.email})`, body.email.toLowerCase())))
    .limit(1);
  if (!existing) throw new Error("The newsletter sign-up was neither stored nor found.");
  return { success: true, insertedId: existing.id };
}
