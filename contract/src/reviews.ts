import { z } from "zod";
import { Review } from "./catalog.js";
import { listSearch, numberedPageQuery, rangeInOrder, rangeOutOfOrder } from "./common.js";

export const reviewLimits = {
  comment: 1000,
  /** SPEC §9: the admin list shows the first 200 characters of a comment. */
  preview: 200,
} as const;

/** SPEC §9 review pagination (DESIGN "Beyond the spec" 8: each option shows as many as it says). */
export const reviewPageSizes = [5, 10, 15, 20] as const;
export const defaultReviewPageSize = 5;
const maxReviewPageSize = 50;

/** What the server answers when a review is refused. */
export const reviewMessages = {
  paidOrderNeeded: "Only customers with a paid order can write a review.",
  alreadyReviewed: "You have already reviewed this order.",
  allReviewed: "You have already reviewed each of your paid orders.",
  orderNotPaid: "This order is not paid yet, so it cannot be reviewed.",
} as const;

/**
 * SPEC §7 POST /reviews. Only the comment is taken from the client: the reviewer's name, email and
 * picture come from the session, so the name, email and profilePicture of the spec's body are
 * dropped by the schema whatever they say. A review is about one of the caller's paid orders: the
 * one named by `orderId`, or else the oldest paid order not reviewed yet.
 */
export const CreateReviewBody = z
  .object({
    orderId: z.string().max(200).optional(),
    comment: z
      .string()
      .trim()
      .min(1, { error: "Please write your review." })
      .max(reviewLimits.comment, {
        error: `A review can be at most ${reviewLimits.comment} characters long.`,
      }),
  })
  .meta({ id: "CreateReviewBody" });
export type CreateReviewBody = z.infer<typeof CreateReviewBody>;

export const CreateReviewResponse = z.object({ insertedId: z.string() }).meta({ id: "CreateReviewResponse" });
export type CreateReviewResponse = z.infer<typeof CreateReviewResponse>;

/** A review with its author's email: for its author and for admins, never for the public list. */
export const ManagedReview = Review.extend({
  email: z.string(),
  /** Hidden by an admin: kept, but left out of the public list. */
  hidden: z.boolean(),
}).meta({ id: "ManagedReview" });
export type ManagedReview = z.infer<typeof ManagedReview>;

export const ManagedReviewList = z.array(ManagedReview);

/** SPEC §7 GET /manage-reviews?page={n}&size={n}: pages start at 0, five reviews by default. */
export const ManageReviewsQuery = numberedPageQuery(
  { size: defaultReviewPageSize, maxSize: maxReviewPageSize },
  {
    /** "true": only the hidden reviews; "false": only those the public pages show. */
    hidden: z.enum(["true", "false"], { message: "must be true or false" }).optional(),
    ...listSearch,
  },
).refine(rangeInOrder, rangeOutOfOrder);
export type ManageReviewsQuery = z.infer<typeof ManageReviewsQuery>;

/** Admin: `PATCH /manage-reviews/{id}` hides a review from the public pages or shows it again. */
export const ReviewVisibilityBody = z.object({ hidden: z.boolean() }).meta({ id: "ReviewVisibilityBody" });
export type ReviewVisibilityBody = z.infer<typeof ReviewVisibilityBody>;
