import type { ManagedReview } from "@agency/contract";
import { Badge, Button } from "react-bootstrap";
import { type DataColumn, DataList } from "../../../components/data-list";
import { DeleteButton } from "../../../components/delete-button";
import { confirmAndDelete } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api";
import { manageReviewsPage as t } from "../../../lib/messages";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useDeleteReview, useSetReviewHidden } from "../api/reviews";
import { previewComment } from "../review-rules";

/**
 * SPEC §2/§9: one page of reviews with a 200-character preview of each comment and Delete; an
 * admin may also hide a review from the home page (and show it again) without deleting it.
 */
export function ManageReviewsList({
  reviews,
  firstNumber,
  labelledBy,
}: {
  reviews: ManagedReview[];
  firstNumber: number;
  labelledBy: string;
}) {
  const deleteReview = useDeleteReview();
  const setHidden = useSetReviewHidden();

  function remove(review: ManagedReview) {
    return confirmAndDelete(
      { title: t.deleteQuestion(review.name), text: t.deleteText, confirmText: t.delete },
      () => deleteReview.mutateAsync(review._id),
      t.deleted,
    );
  }

  function toggle(review: ManagedReview) {
    const hidden = !review.hidden;
    setHidden.mutate(
      { id: review._id, hidden },
      {
        onSuccess: () => notifySuccess(hidden ? t.nowHidden : t.nowShown, "review-visibility"),
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  }

  const columns: DataColumn<ManagedReview>[] = [
    { header: "#", cell: (_, index) => firstNumber + index },
    { header: t.name, cell: (review) => review.name },
    { header: t.email, cell: (review) => review.email, className: "text-break" },
    {
      header: t.comment,
      cell: (review) => previewComment(review.comment),
      long: true,
      className: "text-prose-cell",
    },
    {
      header: t.visibility,
      cell: (review) =>
        review.hidden ? <Badge bg="secondary">{t.hidden}</Badge> : <Badge bg="success">{t.shown}</Badge>,
    },
    {
      header: t.action,
      cell: (review) => (
        <div className="d-inline-flex flex-wrap justify-content-end gap-2">
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => toggle(review)}
            disabled={setHidden.isPending}
            aria-label={review.hidden ? t.showLabel(review.name) : t.hideLabel(review.name)}
          >
            {review.hidden ? t.show : t.hide}
          </Button>
          <DeleteButton label={t.delete} onDelete={() => remove(review)} pending={deleteReview.isPending} />
        </div>
      ),
    },
  ];

  return (
    <DataList
      labelledBy={labelledBy}
      columns={columns}
      rows={reviews}
      rowKey={(review) => review._id}
      rowData={(review) => ({ "data-review-id": review._id })}
    />
  );
}
