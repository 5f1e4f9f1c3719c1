import type { MatchCount } from "@agency/contract";
import { DELETED_EMAIL_DOMAIN, type PageQuery } from "@agency/contract";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { newestFirstBatches, newestFirstPage, type Page, wholeRows } from "../../db/keyset.js";
import { countMatches } from "../../db/list-search.js";
import { leads } from "../../db/schema.js";

export type LeadRow = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;

/** The lead, as a list of none or one. */
export function leadsWithId(db: Database, id: string): Promise<LeadRow[]> {
  return db.select().from(leads).where(eq(leads.id, id));
}

/** One page of the leads the filter keeps, newest first. */
export function leadPage(db: Database, query: PageQuery, filter: SQL): Promise<Page<LeadRow>> {
  return newestFirstPage(leads, query, wholeRows(db, leads), filter);
}

/** How many leads the filter keeps, up to 1,000. */
export function leadsMatching(db: Database, filter: SQL): Promise<MatchCount> {
  return countMatches(db, leads, filter);
}

/** Every lead the filter keeps, newest first, a batch at a time. */
export function leadBatchesNewestFirst(db: Database, filter: SQL | undefined): AsyncGenerator<LeadRow[]> {
  return newestFirstBatches(leads, wholeRows(db, leads), filter);
}

export async function insertLead(tx: Database, lead: NewLead): Promise<{ id: string } | undefined> {
  const [row] = await tx.insert(leads).values(lead).returning({ id: leads.id });
  return row;
}

/** A new newsletter sign-up for the address; undefined when the address has one already. */
export async function insertNewsletterSignUpUnlessListed(
  tx: Database,
  email: string,
): Promise<{ id: string; confirmedAt: Date | null } | undefined> {
  const [inserted] = await tx
    .insert(leads)
    .values({ kind: "newsletter", email })
    .onConflictDoNothing()
    .returning({ id: leads.id, confirmedAt: leads.confirmedAt });
  return inserted;
}

/** The address's (lower case) newsletter sign-up; undefined when there is none. */
export async function newsletterSignUpOfAddress(
  tx: Database,
  address: string,
): Promise<{ id: string; confirmedAt: Date | null } | undefined> {
  const [lead] = await tx
    .select({ id: leads.id, confirmedAt: leads.confirmedAt })
    .from(leads)
    .where(and(eq(leads.kind, "newsletter"), eq(sql`lower(${leads.email})`, address)))
    .limit(1);
  return lead;
}

/** Deletes the address's (lower case) newsletter sign-up; answers the rows deleted. */
export function deleteNewsletterSignUpsOfAddress(tx: Database, address: string): Promise<LeadRow[]> {
  return tx
    .delete(leads)
    .where(and(eq(leads.kind, "newsletter"), eq(sql`lower(${leads.email})`, address)))
    .returning();
}

/** Confirms the newsletter sign-up (once: the first time stays); undefined when there is none. */
export async function confirmNewsletterSignUp(
  db: Database,
  leadId: string,
): Promise<{ email: string } | undefined> {
  const [lead] = await db
    .update(leads)
    .set({ confirmedAt: sql`coalesce(${leads.confirmedAt}, now())` })
    .where(and(eq(leads.id, leadId), eq(leads.kind, "newsletter")))
    .returning({ email: leads.email });
  return lead;
}

/**
 * The leads sent from the old (lower case) address: a name becomes the account's new one, the
 * address one of its own per lead, and the message goes.
 */
export async function anonymiseLeadsOfAddress(
  db: Database,
  user: { oldEmail: string; name: string },
): Promise<void> {
  await db
    .update(leads)
    .set({
      name: sql`case when ${leads.name} is null then null else ${user.name} end`,
      email: sql`'deleted-' || ${leads.id}::text || ${`@${DELETED_EMAIL_DOMAIN}`}`,
      message: null,
    })
    .where(eq(sql`lower(${leads.email})`, user.oldEmail));
}
