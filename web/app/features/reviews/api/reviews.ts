import type { CreateReviewBody, Review } from "@agency/contract";
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiDelete, apiGet, apiPatch, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { filterQuery } from "../../../lib/url-filters";

/**
 * Every review list lives under the "reviews" key, the landing carousel's included, so one
 * invalidation after a change refreshes the carousel, the customer's list and the admin's.
 */
const reviewKeys = queryKeys.reviews;

/** SPEC §7 GET /reviews: the public reviews of the landing carousel. */
function getReviews({ signal }: { signal?: AbortSignal } = {}): Promise<Review[]> {
  return apiGet("/reviews", (c) => c.ReviewList, { signal });
}

function reviewsQueryOptions() {
  return queryOptions({ queryKey: reviewKeys.all, queryFn: ({ signal }) => getReviews({ signal }) });
}

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}

function refreshReviews(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
    queryClient.invalidateQueries({ queryKey: reviewKeys.count }),
  ]);
}

/** SPEC §7 POST /reviews: only the comment is sent; the server knows who the author is. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => apiPost("/reviews", (c) => c.CreateReviewResponse, body),
    onSuccess: () => refreshReviews(queryClient),
  });
}

function myReviewsQueryOptions() {
  return queryOptions({
    queryKey: reviewKeys.mine,
    queryFn: () => apiGet("/my-reviews", (c) => c.ManagedReviewList),
  });
}

export function useMyReviews() {
  return useQuery(myReviewsQueryOptions());
}

export function useDeleteMyReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/my-reviews/${encodeURIComponent(id)}`, (c) => c.DeleteResult),
    onSettled: () => refreshReviews(queryClient),
  });
}

/** SPEC §7 GET /manage-reviews?page={n}&size={n} (admin). */
/** Manage Reviews' search (`q`) and visibility filter (`hidden`: "true" or "false"). */
export type ReviewFilter = { q?: string; hidden?: string };

function reviewPageQueryOptions(page: number, size: number, filter: ReviewFilter = {}) {
  const narrowed = filterQuery(filter);
  return queryOptions({
    queryKey: [...reviewKeys.page(page, size), narrowed] as const,
    queryFn: () => apiGet(`/manage-reviews?page=${page}&size=${size}${narrowed}`, (c) => c.ManagedReviewList),
    placeholderData: keepPreviousData,
  });
}

export function useReviewPage(page: number, size: number, filter: ReviewFilter = {}) {
  return useQuery(reviewPageQueryOptions(page, size, filter));
}

/** SPEC §7 GET /review-count. */
export function useReviewCount() {
  return useQuery({
    queryKey: reviewKeys.count,
    queryFn: () => apiGet("/review-count", (c) => c.ReviewCount),
  });
}

/** SPEC §7 DELETE /review-delete/{id} (admin). */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/review-delete/${encodeURIComponent(id)}`, (c) => c.DeleteResult),
    onSettled: () => refreshReviews(queryClient),
  });
}

/** Admin: hides a review from the public pages, or shows it again, without deleting it. */
export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      apiPatch(`/manage-reviews/${encodeURIComponent(id)}`, (c) => c.ManagedReview, { hidden }),
    onSettled: () => refreshReviews(queryClient),
  });
}
