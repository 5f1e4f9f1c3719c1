import type { AdminSalesQuery, SalesState } from "@agency/contract";
import { and, desc, eq, ilike, inArray, isNotNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { salesDocuments } from "../../../db/schema.js";

export type SalesRow = typeof salesDocuments.$inferSelect;
type SalesColumns = typeof salesDocuments.$inferInsert;

/** What a draft takes from the form. */
type DraftColumns = Pick<
  SalesColumns,
  | "email"
  | "name"
  | "userId"
  | "companyId"
  | "note"
  | "validUntil"
  | "dueDate"
  | "currency"
  | "totalCents"
  | "recurringCents"
  | "recurringInterval"
  | "forOrderId"
  | "startsWork"
>;

/** The revision with this id, locked for a change when asked. */
export async function revisionWithId(db: Database, id: string, lock = false): Promise<SalesRow | undefined> {
  const query = db.select().from(salesDocuments).where(eq(salesDocuments.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/**
 * The newest revision sent with this link's token (drafts and replaced revisions never), locked
 * when asked.
 */
export async function sentRevisionWithToken(
  db: Database,
  token: string,
  lock = false,
): Promise<SalesRow | undefined> {
  const query = db
    .select()
    .from(salesDocuments)
    .where(and(eq(salesDocuments.token, token), notInArray(salesDocuments.state, ["draft", "superseded"])))
    .orderBy(desc(salesDocuments.revision))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The revision whose payment this order is, locked for a change. */
export async function revisionOfOrderLocked(tx: Database, orderId: string): Promise<SalesRow | undefined> {
  const [row] = await tx
    .select()
    .from(salesDocuments)
    .where(eq(salesDocuments.orderId, orderId))
    .for("update");
  return row;
}

/** The revision while it waits for the customer (sent or viewed), locked for a change. */
export async function waitingRevisionLocked(tx: Database, id: string): Promise<SalesRow | undefined> {
  const [row] = await tx
    .select()
    .from(salesDocuments)
    .where(and(eq(salesDocuments.id, id), inArray(salesDocuments.state, ["sent", "viewed"])))
    .for("update");
  return row;
}

export async function newestRevisionOfSeries(tx: Database, seriesId: string): Promise<SalesRow | undefined> {
  const [newest] = await tx
    .select()
    .from(salesDocuments)
    .where(eq(salesDocuments.seriesId, seriesId))
    .orderBy(desc(salesDocuments.revision))
    .limit(1);
  return newest;
}

/** Every revision of a series, oldest first. */
export function revisionsOfSeries(db: Database, seriesId: string): Promise<SalesRow[]> {
  return db
    .select()
    .from(salesDocuments)
    .where(and(eq(salesDocuments.seriesId, seriesId)))
    .orderBy(salesDocuments.revision);
}

/** The revision of a series the customer has now (sent, and not superseded), locked for a change. */
export async function liveRevisionLocked(tx: Database, seriesId: string): Promise<SalesRow | undefined> {
  const [live] = await tx
    .select()
    .from(salesDocuments)
    .where(
      and(
        eq(salesDocuments.seriesId, seriesId),
        inArray(salesDocuments.state, ["sent", "viewed", "accepted", "declined", "paid", "void"]),
      ),
    )
    .for("update");
  return live;
}

/** The orders a series' revisions started (a customer paying one of them). */
export async function ordersOfSeries(db: Database, seriesId: string): Promise<string[]> {
  const started = await db
    .select({ orderId: salesDocuments.orderId })
    .from(salesDocuments)
    .where(and(eq(salesDocuments.seriesId, seriesId), isNotNull(salesDocuments.orderId)));
  return started.flatMap((row) => (row.orderId ? [row.orderId] : []));
}

/**
 * SQL: the rows whose shown state (see `effectiveState`) is `state` on the day `today`: a quote
 * still waiting after its valid-until day has expired, an invoice still unpaid after its due day
 * is overdue.
 */
function stateIs(state: SalesState, today: string): SQL {
  const waiting = inArray(salesDocuments.state, ["sent", "viewed"]);
  const expired = sql`(${salesDocuments.kind} = 'quote' and ${salesDocuments.validUntil} < ${today}::date)`;
  const overdue = sql`(${salesDocuments.kind} = 'invoice' and ${salesDocuments.dueDate} < ${today}::date)`;
  if (state === "expired") return and(waiting, expired) as SQL;
  if (state === "overdue") return and(waiting, overdue) as SQL;
  if (state === "sent" || state === "viewed") {
    return and(eq(salesDocuments.state, state), sql`not ${or(expired, overdue)}`) as SQL;
  }
  return eq(salesDocuments.state, state);
}

/**
 * A page of every revision, newest first, narrowed by kind, state (as shown on the day `today`)
 * and the start of the address or number; one row more than the page when more follow.
 */
export function salesDocumentPage(db: Database, query: AdminSalesQuery, today: string): Promise<SalesRow[]> {
  const conditions: (SQL | undefined)[] = [
    query.kind ? eq(salesDocuments.kind, query.kind) : undefined,
    query.state ? stateIs(query.state, today) : undefined,
  ];
  if (query.q) {
    const start = `${query.q.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
    conditions.push(or(ilike(salesDocuments.email, start), ilike(salesDocuments.number, start)));
  }
  return db
    .select()
    .from(salesDocuments)
    .where(and(...conditions))
    .orderBy(desc(salesDocuments.createdAt), desc(salesDocuments.id))
    .limit(query.size + 1)
    .offset(query.page * query.size);
}

export async function insertRevision(tx: Database, values: SalesColumns): Promise<void> {
  await tx.insert(salesDocuments).values(values);
}

export async function rewriteDraft(tx: Database, id: string, values: DraftColumns): Promise<void> {
  await tx.update(salesDocuments).set(values).where(eq(salesDocuments.id, id));
}

export async function deleteDraftRow(tx: Database, id: string): Promise<void> {
  await tx.delete(salesDocuments).where(eq(salesDocuments.id, id));
}

/** The first opening of a link: the account it belongs to from now on, and the viewed state. */
export async function recordOpening(
  tx: Database,
  id: string,
  changes: Partial<SalesRow>,
): Promise<SalesRow | undefined> {
  const [updated] = await tx.update(salesDocuments).set(changes).where(eq(salesDocuments.id, id)).returning();
  return updated;
}

export async function recordQuoteAnswer(
  tx: Database,
  id: string,
  answer: {
    accept: boolean;
    at: Date;
    reason: string | null;
    userId: string | null;
    /** What the quote charges with the optional lines the client chose. */
    totals?: Pick<SalesRow, "totalCents" | "recurringCents" | "recurringInterval">;
  },
): Promise<SalesRow | undefined> {
  const who = answer.userId ? { userId: answer.userId } : {};
  const [updated] = await tx
    .update(salesDocuments)
    .set(
      answer.accept
        ? { state: "accepted", acceptedAt: answer.at, ...who, ...answer.totals }
        : { state: "declined", declinedAt: answer.at, declineReason: answer.reason, ...who },
    )
    .where(eq(salesDocuments.id, id))
    .returning();
  return updated;
}

/** The client's unpaid order pays the revision (`userId`: the addressee's account, when they pay it). */
export async function linkRevisionToOrder(tx: Database, id: string, orderId: string, userId: string | null) {
  await tx
    .update(salesDocuments)
    .set(userId ? { orderId, userId } : { orderId })
    .where(eq(salesDocuments.id, id));
}

export async function markRevisionSent(
  tx: Database,
  id: string,
  numbered: Pick<SalesRow, "number" | "year" | "sequence" | "buyer" | "seller">,
  at: Date,
): Promise<SalesRow | undefined> {
  const [sent] = await tx
    .update(salesDocuments)
    .set({ ...numbered, state: "sent", sentAt: at })
    .where(eq(salesDocuments.id, id))
    .returning();
  return sent;
}

export async function markRevisionSuperseded(tx: Database, id: string, at: Date): Promise<void> {
  await tx
    .update(salesDocuments)
    .set({ state: "superseded", supersededAt: at })
    .where(eq(salesDocuments.id, id));
}

export async function markRevisionVoided(tx: Database, id: string, at: Date): Promise<void> {
  await tx.update(salesDocuments).set({ state: "void", voidedAt: at }).where(eq(salesDocuments.id, id));
}

export async function markRevisionPaid(tx: Database, id: string, at: Date): Promise<void> {
  await tx.update(salesDocuments).set({ state: "paid", paidAt: at }).where(eq(salesDocuments.id, id));
}

/** Quotes and invoices of the account or sent to its old address, under the new name and address. */
export async function readdressSalesDocumentsOf(
  tx: Database,
  user: { id: string; oldEmail: string; newEmail: string; name: string },
): Promise<void> {
  await tx
    .update(salesDocuments)
    .set({ name: user.name, email: user.newEmail })
    .where(or(eq(salesDocuments.userId, user.id), eq(salesDocuments.email, user.oldEmail)));
}
