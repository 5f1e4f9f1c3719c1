// Who on the agency's side hears about an order: the member doing its work, or the owner and admins.

import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { type TeamMailTopic, user } from "../db/schema.js";
import { type MailContent, type OutgoingMail, renderMail } from "./layout.js";
import { type NotificationContext, ownerMails } from "./notifications.js";
import { optionalMailLinks, wantingTeamMail, withoutOptOuts } from "./preferences.js";

export type Member = { id: string; email: string; name: string };

/**
 * A notice for the agency about an order: to the member it is assigned to while they are on the
 * team, or else to the owner and admins (see `ownerMails`). Each reader may have turned it off.
 */
export async function agencyMails(
  ctx: NotificationContext,
  assigneeId: string | null,
  content: () => Omit<MailContent, "to" | "optional">,
  topic?: TeamMailTopic,
): Promise<OutgoingMail[]> {
  const assignee = assigneeId ? await activeMember(ctx.db, assigneeId) : null;
  if (!assignee) return ownerMails(ctx, content, topic);
  const wanting = topic
    ? await wantingTeamMail(ctx.db, [assignee], topic)
    : (await withoutOptOuts(ctx.db, [assignee.email])).length > 0
      ? [assignee]
      : [];
  const secret = await ctx.secret();
  return wanting.map((member) =>
    renderMail(ctx.brand, {
      ...content(),
      to: member.email,
      optional: optionalMailLinks(secret, ctx.brand.publicUrl, member.email),
    }),
  );
}

/** A member of the team who is not suspended, by id; null for anyone else. */
export async function activeMember(db: Database, id: string): Promise<Member | null> {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(and(eq(user.id, id), isNotNull(user.role), isNull(user.suspendedAt)));
  return row ?? null;
}
