import { defaultReviewPageSize } from "@agency/contract";
import { useEffect, useState } from "react";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useReviewCount, useReviewPage } from "../../features/reviews/api/reviews";
import { ManageReviewsList } from "../../features/reviews/components/manage-reviews-list";
import { PageButtons, PageSizeSelect } from "../../features/reviews/components/page-controls";
import { clampPage, pageCount } from "../../features/reviews/review-rules";
import { manageReviewsPage as t } from "../../lib/messages";

/** SPEC §2 /dashboard/admin/manage__reviews: page through every review, hide or show it, delete it. */
export default function ManageReviews() {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(defaultReviewPageSize);
  const count = useReviewCount();
  const reviews = useReviewPage(page, size);
  const pages = pageCount(count.data?.count ?? 0, size);

  // Deleting the only review of the last page leaves that page empty: show the one before it.
  useEffect(() => {
    if (count.data && page > 0 && page !== clampPage(page, pages)) setPage(clampPage(page, pages));
  }, [count.data, page, pages]);

  function changeSize(next: number) {
    setSize(next);
    setPage(0);
  }

  return (
    <section aria-labelledby="manage-reviews-heading">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <h1 id="manage-reviews-heading" className="h4 mb-0">
          {t.heading}
        </h1>
        <div className="d-flex align-items-center gap-3">
          {count.data ? <span className="text-body-secondary">{t.total(count.data.count)}</span> : null}
          <PageSizeSelect size={size} onSize={changeSize} />
        </div>
      </div>
      {reviews.isPending || count.isPending ? (
        <LoadingScreen />
      ) : reviews.isError || count.isError ? (
        <LoadError message={t.loadFailed} query={reviews.isError ? reviews : count} />
      ) : reviews.data.length === 0 && count.data.count === 0 ? (
        <p className="text-center text-body-secondary py-5">{t.none}</p>
      ) : (
        <>
          <ManageReviewsList
            reviews={reviews.data}
            firstNumber={page * size + 1}
            labelledBy="manage-reviews-heading"
          />
          <PageButtons page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
