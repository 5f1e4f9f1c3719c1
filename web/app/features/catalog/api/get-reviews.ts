import type { Review } from "@agency/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function getReviews({ signal }: { signal?: AbortSignal } = {}): Promise<Review[]> {
  return apiGet("/reviews", (c) => c.ReviewList, { signal });
}

export function getReviewsQueryOptions() {
  return queryOptions({ queryKey: ["reviews"], queryFn: ({ signal }) => getReviews({ signal }) });
}

export function useReviews() {
  return useQuery(getReviewsQueryOptions());
}
