import type { ManagedReview } from "@agency/contract";
import { ListGroup } from "react-bootstrap";
import { DeleteButton } from "../../../components/delete-button";
import { confirmAndDelete } from "../../../lib/alerts";
import { formatDateTime } from "../../../lib/dates";
import { reviewForm as t } from "../../../lib/messages";
import { useDeleteMyReview } from "../api/reviews";

/** The signed-in customer's own reviews, each deletable after confirmation. */
export function MyReviewsList({ reviews }: { reviews: ManagedReview[] }) {
  const deleteReview = useDeleteMyReview();

  function remove(review: ManagedReview) {
    return confirmAndDelete(
      { title: t.deleteQuestion, text: t.deleteText, confirmText: t.delete },
      () => deleteReview.mutateAsync(review._id),
      t.deleted,
    );
  }

  if (reviews.length === 0) return <p className="text-body-secondary mb-0">{t.none}</p>;
  return (
    <ListGroup as="ul" className="bg-white">
      {reviews.map((review) => (
        <ListGroup.Item as="li" key={review._id} className="d-flex gap-3 align-items-start">
          <div className="flex-grow-1">
            <p className="mb-1 text-break" style={{ whiteSpace: "pre-line" }}>
              {review.comment}
            </p>
            <small className="text-body-secondary">{t.writtenOn(formatDateTime(review.createdAt))}</small>
          </div>
          <DeleteButton label={t.delete} onDelete={() => remove(review)} pending={deleteReview.isPending} />
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
