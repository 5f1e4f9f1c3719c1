import { defaultReviewPageSize } from "@agency/contract";
import { useEffect, useState } from "react";
import { FilterButtons } from "../../components/filter-buttons";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { SearchBox } from "../../components/search-box";
import { useReviewCount, useReviewPage } from "../../features/reviews/api/reviews";
import { ManageReviewsList } from "../../features/reviews/components/manage-reviews-list";
import { PageButtons, PageSizeSelect } from "../../features/reviews/components/page-controls";
import { clampPage, pageCount } from "../../features/reviews/review-rules";
import { manageReviewsPage as t } from "../../lib/messages";
import { useUrlFilters } from "../../lib/url-filters";

const filterKeys = ["q", "hidden"] as const;
const visibility = ["all", "false", "true"] as const;

/**
 * SPEC §2 /dashboard/admin/manage__reviews: page through every review, hide or show it, delete it;
 * searched by name or e-mail and filtered by visibility on the server, both kept in the address.
 */
export default function ManageReviews() {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(defaultReviewPageSize);
  const [filter, setFilter] = useUrlFilters(filterKeys);
  const narrowed = Boolean(filter.q || filter.hidden);
  const count = useReviewCount();
  const reviews = useReviewPage(page, size, filter);
  // A narrowed list has no count: a next page is offered while pages come back full.
  const pages = narrowed
    ? page + ((reviews.data?.length ?? 0) === size ? 2 : 1)
    : pageCount(count.data?.count ?? 0, size);

  // Deleting the only review of the last page leaves that page empty: show the one before it.
  useEffect(() => {
    if (!narrowed && count.data && page > 0 && page !== clampPage(page, pages))
      setPage(clampPage(page, pages));
  }, [narrowed, count.data, page, pages]);

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
      <SearchBox
        label={t.search}
        placeholder={t.searchPlaceholder}
        value={filter.q ?? ""}
        onSearch={(q) => {
          setFilter({ q });
          setPage(0);
        }}
      />
      <FilterButtons
        legend={t.visibilityFilter}
        options={visibility.map((value) => ({
          value,
          label: value === "all" ? t.allVisibility : value === "true" ? t.hidden : t.shown,
        }))}
        value={filter.hidden === "true" || filter.hidden === "false" ? filter.hidden : "all"}
        onChange={(value) => {
          setFilter({ hidden: value === "all" ? undefined : value });
          setPage(0);
        }}
      />
      {reviews.isPending || count.isPending ? (
        <LoadingScreen />
      ) : reviews.isError || count.isError ? (
        <LoadError message={t.loadFailed} query={reviews.isError ? reviews : count} />
      ) : reviews.data.length === 0 && narrowed && page === 0 ? (
        <p className="text-center text-body-secondary py-5">{t.noMatch}</p>
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
