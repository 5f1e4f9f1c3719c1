import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { mailOptOuts, type TeamMailTopic, teamMailOptOuts } from "../db/schema.js";

/** A link token that proves the mail reached this address: only the shop can compute it. */
export function mailToken(secret: string, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url").slice(0, 32);
}

export function checkMailToken(secret: string, purpose: string, value: string, token: string): boolean {
  const expected = Buffer.from(mailToken(secret, purpose, value));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type MailLinks = {
  /** The page a reader lands on from the unsubscribe link (a link checker's visit changes nothing). */
  unsubscribeUrl: string;
  /** Where mail clients POST the one-click unsubscribe (List-Unsubscribe-Post). */
  oneClickUrl: string;
  preferencesUrl: string;
};

export function optionalMailLinks(secret: string, publicUrl: string, email: string): MailLinks {
  const address = email.toLowerCase();
  const query = new URLSearchParams({ email: address, token: mailToken(secret, "unsubscribe", address) });
  return {
    unsubscribeUrl: `${publicUrl}/unsubscribe?${query}`,
    oneClickUrl: `${publicUrl}/api/mail/unsubscribe?${query}`,
    preferencesUrl: `${publicUrl}/dashboard/notifications`,
  };
}

export async function setOptionalMail(db: Database, email: string, wanted: boolean): Promise<void> {
  const address = email.toLowerCase();
  if (wanted) await db.delete(mailOptOuts).where(eq(mailOptOuts.email, address));
  else await db.insert(mailOptOuts).values({ email: address }).onConflictDoNothing();
}

/** A deleted account's opt-out goes with its address (`email` in lower case). */
export async function forgetOptOuts(db: Database, email: string): Promise<void> {
  await db.delete(mailOptOuts).where(eq(mailOptOuts.email, email));
}

export async function wantsOptionalMail(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: mailOptOuts.email })
    .from(mailOptOuts)
    .where(eq(mailOptOuts.email, email.toLowerCase()));
  return !row;
}

/** The addresses of `emails` that still take optional mail. */
export async function withoutOptOuts(db: Database, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const lowered = emails.map((email) => email.toLowerCase());
  const out = await db
    .select({ email: mailOptOuts.email })
    .from(mailOptOuts)
    .where(inArray(mailOptOuts.email, lowered));
  const opted = new Set(out.map((row) => row.email));
  return emails.filter((email) => !opted.has(email.toLowerCase()));
}

/** Turns one kind of a team member's work mail on or off. */
export async function setTeamMail(
  db: Database,
  userId: string,
  topic: TeamMailTopic,
  wanted: boolean,
): Promise<void> {
  if (wanted) {
    await db
      .delete(teamMailOptOuts)
      .where(and(eq(teamMailOptOuts.userId, userId), eq(teamMailOptOuts.topic, topic)));
  } else {
    await db.insert(teamMailOptOuts).values({ userId, topic }).onConflictDoNothing();
  }
}

/** The kinds of work mail the member turned off. */
export async function teamMailTurnedOff(db: Database, userId: string): Promise<Set<TeamMailTopic>> {
  const rows = await db
    .select({ topic: teamMailOptOuts.topic })
    .from(teamMailOptOuts)
    .where(eq(teamMailOptOuts.userId, userId));
  return new Set(rows.map((row) => row.topic));
}

/**
 * The members of `members` who take this kind of work mail: they did not turn it off, nor
 * optional mail as a whole (the mail's unsubscribe link turns that off).
 */
export async function wantingTeamMail<T extends { id: string; email: string }>(
  db: Database,
  members: T[],
  topic: TeamMailTopic,
): Promise<T[]> {
  if (members.length === 0) return [];
  const off = await db
    .select({ userId: teamMailOptOuts.userId })
    .from(teamMailOptOuts)
    .where(
      and(
        inArray(
          teamMailOptOuts.userId,
          members.map((member) => member.id),
        ),
        eq(teamMailOptOuts.topic, topic),
      ),
    );
  const turnedOff = new Set(off.map((row) => row.userId));
  const wanting = members.filter((member) => !turnedOff.has(member.id));
  const addresses = new Set(
    (
      await withoutOptOuts(
        db,
        wanting.map((member) => member.email),
      )
    ).map((email) => email.toLowerCase()),
  );
  return wanting.filter((member) => addresses.has(member.email.toLowerCase()));
}
