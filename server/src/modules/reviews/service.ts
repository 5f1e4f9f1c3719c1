import {
  type CreateReviewBody,
  type CreateReviewResponse,
  type DeleteResult,
  isId,
  type ManagedReview,
  type ManageReviewsQuery,
  type Review,
  type ReviewCount,
} from "@agency/contract";
import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { reviews } from "../../db/schema.js";
import { notFound } from "../../errors.js";
import type { SessionUser } from "../../plugins/authz.js";

type ReviewRow = typeof reviews.$inferSelect;

/** How many reviews the landing page and a customer's own list show at most. */
const listLimit = 50;
const newestFirst = [desc(reviews.createdAt), desc(reviews.id)] as const;

/** The public shape: reviewers' email addresses stay private. */
export function toPublicReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    comment: row.comment,
    profilePicture: row.profilePicture,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toManagedReview(row: ReviewRow): ManagedReview {
  return { ...toPublicReview(row), email: row.email, hidden: row.hidden };
}

export async function listReviews(db: Database): Promise<Review[]> {
  const rows = await db
    .select()
    .from(reviews)
    .orderBy(...newestFirst)
    .limit(listLimit);
  return rows.map(toPublicReview);
}

export async function countReviews(db: Database): Promise<ReviewCount> {
  const [row] = await db.select({ value: count() }).from(reviews);
  return { count: row?.value ?? 0 };
}

/** SPEC §7 POST /reviews: the author is the caller, whatever the body claims. */
export async function createReview(
  db: Database,
  caller: SessionUser,
  body: CreateReviewBody,
): Promise<CreateReviewResponse> {
  const [inserted] = await db
    .insert(reviews)
    .values({
      userId: caller.id,
      name: caller.name,
      email: caller.email,
      comment: body.comment,
      profilePicture: caller.image,
    })
    .returning({ id: reviews.id });
  if (!inserted) throw new Error("The review was not stored.");
  return { insertedId: inserted.id };
}

export async function listOwnReviews(db: Database, caller: SessionUser): Promise<ManagedReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, caller.id))
    .orderBy(...newestFirst)
    .limit(listLimit);
  return rows.map(toManagedReview);
}

/** A customer deletes only their own reviews; anyone else's does not exist for them. */
export async function deleteOwnReview(db: Database, caller: SessionUser, id: string): Promise<DeleteResult> {
  if (!isId(id)) throw notFound("The review");
  const deleted = await db
    .delete(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.userId, caller.id)))
    .returning({ id: reviews.id });
  if (deleted.length === 0) throw notFound("The review");
  return { deletedCount: deleted.length };
}

/** SPEC §7 GET /manage-reviews: one page of every review, newest first, with the author's email. */
export async function listReviewPage(
  db: Database,
  { page, size }: ManageReviewsQuery,
): Promise<ManagedReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .orderBy(...newestFirst)
    .limit(size)
    .offset(page * size);
  return rows.map(toManagedReview);
}

/** SPEC §7 DELETE /review-delete/{id}: an admin removes any review. */
export async function deleteReview(db: Database, id: string): Promise<DeleteResult> {
  if (!isId(id)) throw notFound("The review");
  const deleted = await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  if (deleted.length === 0) throw notFound("The review");
  return { deletedCount: deleted.length };
}
