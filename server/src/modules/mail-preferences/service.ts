import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { leads, mailOptOuts } from "../../db/schema.js";
import { type AuditActor, recordAudit } from "../audit/index.js";

/** Removes the address's newsletter sign-up inside `tx`, recording it by id (the address goes). */
async function removeNewsletterLead(tx: Database, actor: AuditActor, address: string): Promise<void> {
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

/** Turns off optional mail for the address and ends its newsletter subscription (from a mailed link). */
export async function unsubscribe(db: Database, email: string): Promise<void> {
  const address = email.toLowerCase();
  await db.transaction(async (tx) => {
    await tx.insert(mailOptOuts).values({ email: address }).onConflictDoNothing();
    await removeNewsletterLead(tx, { type: "system", label: "unsubscribe link" }, address);
  });
}

/** The signed-in customer leaves the newsletter. */
export async function leaveNewsletter(db: Database, actor: AuditActor, email: string): Promise<void> {
  await db.transaction((tx) => removeNewsletterLead(tx, actor, email.toLowerCase()));
}
