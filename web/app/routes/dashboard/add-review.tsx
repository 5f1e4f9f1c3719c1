import { QueryView } from "../../components/query-view";
import { useSession } from "../../features/auth/api/auth";
import { useMyReviews } from "../../features/reviews/api/reviews";
import { AddReviewForm } from "../../features/reviews/components/add-review-form";
import { MyReviewsList } from "../../features/reviews/components/my-reviews-list";
import { reviewForm as t } from "../../lib/messages";

/** SPEC §2 /dashboard/add-review: write a review, and see or delete the ones already written. */
export default function AddReview() {
  const session = useSession();
  const reviews = useMyReviews();
  if (!session.data) return null;
  return (
    <div className="d-flex flex-column gap-4">
      <section className="card border-0 shadow-sm">
        <div className="card-body p-4">
          <AddReviewForm email={session.data.user.email} />
        </div>
      </section>
      <section aria-labelledby="own-reviews-heading">
        <h2 id="own-reviews-heading" className="h5 mb-3">
          {t.ownHeading}
        </h2>
        <QueryView query={reviews} failed={t.loadFailed}>
          {(list) => <MyReviewsList reviews={list} />}
        </QueryView>
      </section>
    </div>
  );
}
