import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** Messages others wrote that the signed-in user has not read, in all and per order. */
export function useUnreadCounts(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.workflow.unread,
      queryFn: () => apiGet("/messages/unread", (c) => c.UnreadCounts),
      enabled,
      // New messages arrive without the reader doing anything: look again now and then.
      refetchInterval: 60_000,
    }),
  );
}
