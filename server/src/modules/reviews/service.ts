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
import { clientOrdersOf } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { readRowCounts } from "../../db/row-counts.js";
import { AppError, notFound } from "../../errors.js";
import { type AuditActor, auditActorOf, recordAudit } from "../audit/index.js";
import { cachedRead, catalogChanged } from "../catalog/index.js";
import {
  deleteReviewRow,
  insertReviewUnlessOrderReviewed,
  ownOrderWithItsReview,
  paidOrdersWithTheirReviews,
  type ReviewRow,
  reviewLockedForUpdate,
  reviewPage,
  reviewsOfNewestFirst,
  setReviewHiddenRow,
  shownReviewsNewestFirst,
} from "./queries.js";

/** How many reviews the landing page and a customer's own list show at most. */
const listLimit = 50;

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
/** The reviewer's own orders: placed by them, and still theirs as a client (the one visibility rule). */
const reviewer = (caller: SessionUser) => ({ userId: caller.id, theirs: clientOrdersOf(caller) });

export function listReviews(db: Database): Promise<Review[]> {
  return cachedRead(db, "reviews", "list", async () => {
    const rows = await shownReviewsNewestFirst(db, listLimit);
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
    const row = await ownOrderWithItsReview(db, reviewer(caller), orderId);
    if (!row) throw notFound("The order");
    if (!row.paid) throw new AppError("forbidden", reviewMessages.orderNotPaid);
    if (row.reviewId) throw new AppError("conflict", reviewMessages.alreadyReviewed);
    return orderId;
  }
  const paidOrders = await paidOrdersWithTheirReviews(db, reviewer(caller));
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
  const inserted = await insertReviewUnlessOrderReviewed(db, {
    userId: caller.id,
    orderId,
    name: caller.name,
    email: caller.email,
    comment: body.comment,
    profilePicture: caller.image,
  });
  if (!inserted) throw new AppError("conflict", reviewMessages.alreadyReviewed);
  await catalogChanged(db, "reviews");
  return { insertedId: inserted.id };
}

export async function listOwnReviews(db: Database, caller: SessionUser): Promise<ManagedReview[]> {
  const rows = await reviewsOfNewestFirst(db, caller.id, listLimit);
  return rows.map(toManagedReview);
}

/** What the audit log keeps of a review: not its author's name, e-mail or words. */
const reviewFields = (row: ReviewRow) => ({
  userId: row.userId,
  orderId: row.orderId,
  hidden: row.hidden,
  createdAt: row.createdAt,
});

/**
 * Deletes the review (only when it is this author's, if one is given), recording it; answers how
 * many went (0 or 1).
 */
async function deleteAudited(
  db: Database,
  actor: AuditActor,
  id: string,
  authorId?: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await deleteReviewRow(tx, id, authorId);
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
  const deleted = await deleteAudited(db, auditActorOf(caller), id, caller.id);
  if (deleted === 0) throw notFound("The review");
  await catalogChanged(db, "reviews");
  return { deletedCount: deleted };
}

/** SPEC §7 GET /manage-reviews: one page of every review, newest first, with the author's email. */
export async function listReviewPage(db: Database, query: ManageReviewsQuery): Promise<ManagedReview[]> {
  const page = await reviewPage(db, query);
  return page.rows.map(toManagedReview);
}

/** SPEC §7 DELETE /review-delete/{id}: an admin removes any review. */
export async function deleteReview(db: Database, actor: AuditActor, id: string): Promise<DeleteResult> {
  if (!isId(id)) throw notFound("The review");
  const deleted = await deleteAudited(db, actor, id);
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
    const current = await reviewLockedForUpdate(tx, id);
    if (!current) throw notFound("The review");
    const updated = await setReviewHiddenRow(tx, id, hidden);
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
