import type { ManageReviewsQuery } from "@agency/contract";
import { and, asc, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { newestFirstPage, type Page, wholeRows } from "../../db/keyset.js";
import { createdOnDays, nameOrEmailSearch } from "../../db/list-search.js";
import { orders, reviews } from "../../db/schema.js";

export type ReviewRow = typeof reviews.$inferSelect;

const newestFirst = [desc(reviews.createdAt), desc(reviews.id)] as const;

/** The newest reviews the public sees: those an admin hid are left out. */
export function shownReviewsNewestFirst(db: Database, limit: number): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.hidden, false))
    .orderBy(...newestFirst)
    .limit(limit);
}

export function reviewsOfNewestFirst(db: Database, userId: string, limit: number): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * Whether the customer's order is paid, and its review if it has one; undefined for someone else's,
 * and for one they placed in a company they have left (`theirs`: the caller's orders as a client).
 */
export async function ownOrderWithItsReview(
  db: Database,
  caller: { userId: string; theirs: SQL },
  orderId: string,
): Promise<{ paid: boolean; reviewId: string | null } | undefined> {
  const [row] = await db
    .select({ paid: orders.paid, reviewId: reviews.id })
    .from(orders)
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(and(eq(orders.id, orderId), eq(orders.userId, caller.userId), caller.theirs));
  return row;
}

/** The paid orders the customer placed and still sees, first paid first, each with its review if it has one. */
export function paidOrdersWithTheirReviews(
  db: Database,
  caller: { userId: string; theirs: SQL },
): Promise<{ id: string; reviewId: string | null }[]> {
  return db
    .select({ id: orders.id, reviewId: reviews.id })
    .from(orders)
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(and(eq(orders.userId, caller.userId), caller.theirs, eq(orders.paid, true)))
    .orderBy(asc(orders.paymentTime), asc(orders.id));
}

/** Stores the review; undefined when its order has one already. */
export async function insertReviewUnlessOrderReviewed(
  db: Database,
  values: Pick<ReviewRow, "userId" | "orderId" | "name" | "email" | "comment" | "profilePicture">,
): Promise<{ id: string } | undefined> {
  const [inserted] = await db
    .insert(reviews)
    .values(values)
    // A review for the same order sent at the same moment: the unique index lets one through.
    .onConflictDoNothing({ target: reviews.orderId })
    .returning({ id: reviews.id });
  return inserted;
}

/** Deletes the review (only when it is this author's, if one is given); answers the rows deleted. */
export function deleteReviewRow(tx: Database, id: string, authorId?: string): Promise<ReviewRow[]> {
  const where =
    authorId === undefined ? eq(reviews.id, id) : and(eq(reviews.id, id), eq(reviews.userId, authorId));
  return tx.delete(reviews).where(where).returning();
}

/** One page of every review, newest first, of those the admin's filters keep. */
export function reviewPage(db: Database, query: ManageReviewsQuery): Promise<Page<ReviewRow>> {
  // Beyond the spec: hidden or shown, created on days `from` to `to`, and a search on the
  // start of the author's e-mail, name or a word of it. The page starts through the
  // (created_at, id) index rather than by OFFSET over the rows above it.
  const conditions = [
    query.hidden === undefined ? undefined : eq(reviews.hidden, query.hidden === "true"),
    ...createdOnDays(reviews.createdAt, query),
    query.q ? nameOrEmailSearch(reviews, query.q) : undefined,
  ].filter((condition) => condition !== undefined);
  return newestFirstPage(
    reviews,
    query,
    wholeRows(db, reviews),
    conditions.length === 0 ? undefined : and(...conditions),
  );
}

export async function reviewLockedForUpdate(tx: Database, id: string): Promise<ReviewRow | undefined> {
  const [current] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
  return current;
}

export async function setReviewHiddenRow(
  tx: Database,
  id: string,
  hidden: boolean,
): Promise<ReviewRow | undefined> {
  const [updated] = await tx.update(reviews).set({ hidden }).where(eq(reviews.id, id)).returning();
  return updated;
}

/**
 * The reviews of the account, and those written with its (lower-cased) old address, under the
 * new name and address, without a picture.
 */
export async function anonymiseReviewsOf(
  tx: Database,
  user: { id: string; oldEmail: string; newEmail: string; name: string },
): Promise<void> {
  await tx
    .update(reviews)
    .set({ name: user.name, email: user.newEmail, profilePicture: null })
    .where(or(eq(reviews.userId, user.id), eq(sql`lower(${reviews.email})`, user.oldEmail)));
}
