import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { deleteInBatches } from "../../../db/batched-delete.js";
import type { Database } from "../../../db/client.js";
import { teamInvitations } from "../../../db/schema.js";

export type InvitationRow = typeof teamInvitations.$inferSelect;

/** The invitations neither accepted nor revoked (expired ones too), oldest first. */
export function openInvitationsOldestFirst(db: Database): Promise<InvitationRow[]> {
  return db
    .select()
    .from(teamInvitations)
    .where(and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
    .orderBy(asc(teamInvitations.createdAt));
}

/** The open invitation to this address (lower case), if there is one. */
export async function openInvitationToAddress(
  tx: Database,
  address: string,
): Promise<{ id: string } | undefined> {
  const [open] = await tx
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(
      and(
        eq(sql`lower(${teamInvitations.email})`, address),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    );
  return open;
}

/** How many open invitations offer the role. */
export async function openInvitationsOfferingRole(tx: Database, key: string): Promise<number> {
  const [offered] = await tx
    .select({ value: count() })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.role, key),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    );
  return offered?.value ?? 0;
}

export async function insertInvitation(
  tx: Database,
  values: typeof teamInvitations.$inferInsert,
): Promise<InvitationRow | undefined> {
  const [row] = await tx.insert(teamInvitations).values(values).returning();
  return row;
}

export async function invitationForUpdate(tx: Database, id: string): Promise<InvitationRow | undefined> {
  const [row] = await tx.select().from(teamInvitations).where(eq(teamInvitations.id, id)).for("update");
  return row;
}

/** The invitation whose link carries a token with this hash, locked when `lock` is set. */
export async function invitationWithTokenHash(
  db: Database,
  tokenHash: string,
  lock = false,
): Promise<InvitationRow | undefined> {
  const query = db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/** The invitation with a new token and expiry; undefined when it is gone. */
export async function renewInvitation(
  tx: Database,
  id: string,
  values: { tokenHash: string; expiresAt: Date; updatedAt: Date },
): Promise<InvitationRow | undefined> {
  const [row] = await tx.update(teamInvitations).set(values).where(eq(teamInvitations.id, id)).returning();
  return row;
}

export async function markInvitationRevoked(tx: Database, id: string, now: Date): Promise<void> {
  await tx.update(teamInvitations).set({ revokedAt: now, updatedAt: now }).where(eq(teamInvitations.id, id));
}

export async function markInvitationAccepted(
  tx: Database,
  id: string,
  memberId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(teamInvitations)
    .set({ acceptedAt: now, acceptedBy: memberId, updatedAt: now })
    .where(eq(teamInvitations.id, id));
}

/**
 * Invitations accepted or revoked before `before` go with their token's hash (the daily upkeep);
 * the audit log keeps who invited whom. Open ones stay, expired too: they can be sent again.
 */
export function pruneClosedInvitations(db: Database, before: Date): Promise<number> {
  return deleteInBatches(
    db,
    teamInvitations,
    teamInvitations.id,
    sql`${teamInvitations.acceptedAt} < ${before} or ${teamInvitations.revokedAt} < ${before}`,
  );
}
