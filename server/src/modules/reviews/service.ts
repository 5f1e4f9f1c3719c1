import {
  type CreateReviewBody,
  type CreateReviewResponse,
  type DeleteResult,
  isId,
  type ManagedReview,
  type ManageReviewsQuery,
  type Review,
  type ReviewCount,
  reviewMessages,
} from "@agency/contract";
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { newestFirstPage, wholeRows } from "../../db/keyset.js";
import { createdOnDays, nameOrEmailSearch } from "../../db/list-search.js";
import { readRowCounts } from "../../db/row-counts.js";
import { orders, reviews } from "../../db/schema.js";
import { AppError, notFound } from "../../errors.js";
import { type AuditActor, auditActorOf, recordAudit } from "../audit/index.js";
import { cachedRead, catalogChanged } from "../catalog/index.js";

type ReviewRow = typeof reviews.$inferSelect;

/** How many reviews the landing page and a customer's own list show at most. */
const listLimit = 50;
const newestFirst = [desc(reviews.createdAt), desc(reviews.id)] as const;

/** The public shape: reviewers' email addresses stay private. */
function toPublicReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    comment: row.comment,
    profilePicture: row.profilePicture,
    createdAt: row.createdAt.toISOString(),
  };
}

function toManagedReview(row: ReviewRow): ManagedReview {
  return { ...toPublicReview(row), email: row.email, hidden: row.hidden };
}

/** The public list (landing carousel): reviews an admin hid are left out. */
export function listReviews(db: Database): Promise<Review[]> {
  return cachedRead(db, "reviews", "list", async () => {
    const rows = await db
      .select()
      .from(reviews)
      .where(eq(reviews.hidden, false))
      .orderBy(...newestFirst)
      .limit(listLimit);
    return rows.map(toPublicReview);
  });
}

/**
 * SPEC §7 GET /review-count: the reviews the caller can list, so the public count leaves hidden
 * ones out and an admin's count matches the pages of /manage-reviews, which shows every review.
 */
export function countReviews(db: Database, everyReview: boolean): Promise<ReviewCount> {
  return cachedRead(db, "reviews", everyReview ? "count:all" : "count:public", async () => {
    const name = everyReview ? "reviews" : "reviews_public";
    return { count: (await readRowCounts(db, [name]))[name] };
  });
}

/**
 * The paid order a new review is about: the one the caller names, or else their oldest paid order
 * not reviewed yet. Customers without a paid order may not review; each order gets one review.
 */
async function orderToReview(
  db: Database,
  caller: SessionUser,
  orderId: string | undefined,
): Promise<string> {
  if (orderId !== undefined) {
    if (!isId(orderId)) throw notFound("The order");
    const [row] = await db
      .select({ paid: orders.paid, reviewId: reviews.id })
      .from(orders)
      .leftJoin(reviews, eq(reviews.orderId, orders.id))
      .where(and(eq(orders.id, orderId), eq(orders.userId, caller.id)));
    if (!row) throw notFound("The order");
    if (!row.paid) throw new AppError("forbidden", reviewMessages.orderNotPaid);
    if (row.reviewId) throw new AppError("conflict", reviewMessages.alreadyReviewed);
    return orderId;
  }
  const paidOrders = await db
    .select({ id: orders.id, reviewId: reviews.id })
    .from(orders)
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(and(eq(orders.userId, caller.id), eq(orders.paid, true)))
    .orderBy(asc(orders.paymentTime), asc(orders.id));
  if (paidOrders.length === 0) throw new AppError("forbidden", reviewMessages.paidOrderNeeded);
  const open = paidOrders.find((order) => order.reviewId === null);
  if (!open) throw new AppError("conflict", reviewMessages.allReviewed);
  return open.id;
}

/** SPEC §7 POST /reviews: the author is the caller, whatever the body claims. */
export async function createReview(
  db: Database,
  caller: SessionUser,
  body: CreateReviewBody,
): Promise<CreateReviewResponse> {
  const orderId = await orderToReview(db, caller, body.orderId);
  const [inserted] = await db
    .insert(reviews)
    .values({
      userId: caller.id,
      orderId,
      name: caller.name,
      email: caller.email,
      comment: body.comment,
      profilePicture: caller.image,
    })
    // A review for the same order sent at the same moment: the unique index lets one through.
    .onConflictDoNothing({ target: reviews.orderId })
    .returning({ id: reviews.id });
  if (!inserted) throw new AppError("conflict", reviewMessages.alreadyReviewed);
  await catalogChanged(db, "reviews");
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

/** What the audit log keeps of a review: not its author's name, e-mail or words. */
const reviewFields = (row: typeof reviews.$inferSelect) => ({
  userId: row.userId,
  orderId: row.orderId,
  hidden: row.hidden,
  createdAt: row.createdAt,
});

/** Deletes the review `where` finds, recording it; answers how many went (0 or 1). */
async function deleteAudited(db: Database, actor: AuditActor, where: SQL | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(reviews).where(where).returning();
    for (const row of deleted) {
      await recordAudit(tx, {
        actor,
        action: "review.deleted",
        subject: { type: "review", id: row.id },
        before: reviewFields(row),
      });
    }
    return deleted.length;
  });
}

/** A customer deletes only their own reviews; anyone else's does not exist for them. */
export async function deleteOwnReview(db: Database, caller: SessionUser, id: string): Promise<DeleteResult> {
  if (!isId(id)) throw notFound("The review");
  const deleted = await deleteAudited(
    db,
    auditActorOf(caller),
    and(eq(reviews.id, id), eq(reviews.userId, caller.id)),
  );
  if (deleted === 0) throw notFound("The review");
  await catalogChanged(db, "reviews");
  return { deletedCount: deleted };
}

/** SPEC §7 GET /manage-reviews: one page of every review, newest first, with the author's email. */
export async function listReviewPage(db: Database, query: ManageReviewsQuery): Promise<ManagedReview[]> {
  // Beyond the spec: hidden or shown, created on days `from` to `to`, and a search on the
  // start of the author's e-mail, name or a word of it. The page starts through the
  // (created_at, id) index rather than by OFFSET over the rows above it.
  const conditions = [
    query.hidden === undefined ? undefined : eq(reviews.hidden, query.hidden === "true"),
    ...createdOnDays(reviews.createdAt, query),
    query.q ? nameOrEmailSearch(reviews, query.q) : undefined,
  ].filter((condition) => condition !== undefined);
  const page = await newestFirstPage(
    reviews,
    query,
    wholeRows(db, reviews),
    conditions.length === 0 ? undefined : and(...conditions),
  );
  return page.rows.map(toManagedReview);
}

/** SPEC §7 DELETE /review-delete/{id}: an admin removes any review. */
export async function deleteReview(db: Database, actor: AuditActor, id: string): Promise<DeleteResult> {
  if (!isId(id)) throw notFound("The review");
  const deleted = await deleteAudited(db, actor, eq(reviews.id, id));
  if (deleted === 0) throw notFound("The review");
  await catalogChanged(db, "reviews");
  return { deletedCount: deleted };
}

/** Admin: hides a review from the public pages, or shows it again; it is kept either way. */
export async function setReviewHidden(
  db: Database,
  actor: AuditActor,
  id: string,
  hidden: boolean,
): Promise<ManagedReview> {
  if (!isId(id)) throw notFound("The review");
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
    if (!current) throw notFound("The review");
    const [updated] = await tx.update(reviews).set({ hidden }).where(eq(reviews.id, id)).returning();
    if (!updated) throw notFound("The review");
    if (current.hidden !== hidden) {
      await recordAudit(tx, {
        actor,
        action: hidden ? "review.hidden" : "review.shown",
        subject: { type: "review", id },
        before: { hidden: current.hidden },
        after: { hidden },
      });
    }
    return updated;
  });
  await catalogChanged(db, "reviews");
  return toManagedReview(row);
}
