import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** The owner's figures; the server keeps them up to 30 seconds, so asking sooner brings nothing new. */
export function useOverview() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.overview,
      queryFn: () => apiGet("/admin/overview", (c) => c.Overview),
      staleTime: 30_000,
    }),
  );
}
