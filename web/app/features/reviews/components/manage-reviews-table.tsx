import type { ManagedReview } from "@agency/contract";
import { Button, Table } from "react-bootstrap";
import { confirmAndDelete } from "../../../lib/alerts";
import { manageReviewsPage as t } from "../../../lib/messages";
import { useDeleteReview } from "../api/reviews";
import { previewComment } from "../review-rules";

/** SPEC §2/§9: one page of reviews with a 200-character preview of each comment and Delete. */
export function ManageReviewsTable({
  reviews,
  firstNumber,
}: {
  reviews: ManagedReview[];
  firstNumber: number;
}) {
  const deleteReview = useDeleteReview();

  function remove(review: ManagedReview) {
    return confirmAndDelete(
      { title: t.deleteQuestion(review.name), text: t.deleteText, confirmText: t.delete },
      () => deleteReview.mutateAsync(review._id),
      t.deleted,
    );
  }

  return (
    <Table responsive hover className="align-middle bg-white mb-0">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t.name}</th>
          <th scope="col">{t.email}</th>
          <th scope="col">{t.comment}</th>
          <th scope="col">{t.action}</th>
        </tr>
      </thead>
      <tbody>
        {reviews.map((review, index) => (
          <tr key={review._id} data-review-id={review._id}>
            <td>{firstNumber + index}</td>
            <td>{review.name}</td>
            <td className="text-break">{review.email}</td>
            <td className="text-break">{previewComment(review.comment)}</td>
            <td>
              <Button
                size="sm"
                variant="outline-danger"
                onClick={() => void remove(review)}
                disabled={deleteReview.isPending}
              >
                {t.delete}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
