import type { Database } from "../../db/client.js";
import { setOptionalMail } from "../../mail/preferences.js";
import type { AuditActor } from "../audit/index.js";
import { removeNewsletterSignUp } from "../leads/index.js";

/** Turns off optional mail for the address and ends its newsletter subscription (from a mailed link). */
export async function unsubscribe(db: Database, email: string): Promise<void> {
  const address = email.toLowerCase();
  await db.transaction(async (tx) => {
    await setOptionalMail(tx, address, false);
    await removeNewsletterSignUp(tx, { type: "system", label: "unsubscribe link" }, address);
  });
}

/** The signed-in customer leaves the newsletter. */
export async function leaveNewsletter(db: Database, actor: AuditActor, email: string): Promise<void> {
  await db.transaction((tx) => removeNewsletterSignUp(tx, actor, email.toLowerCase()));
}
