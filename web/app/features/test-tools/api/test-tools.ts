import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** Where the billing clock stands (the Test tools page exists only in test mode). */
export function useTestClock(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.testClock,
      queryFn: () => apiGet("/admin/test-tools", (c) => c.TestClock),
      enabled,
    }),
  );
}

/**
 * Moves the billing clock forward and runs what fell due. Renewals change orders, payments and the
 * revenue figures, and the moved clock changes what the test-mode band says.
 */
export function useRunDueRenewals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (advanceDays: number) =>
      apiPost("/admin/test-tools/run-due", (c) => c.RunDueRenewalsResult, { advanceDays }),
    onSettled: () =>
      Promise.all(
        [
          queryKeys.testClock,
          queryKeys.siteSettings,
          queryKeys.orders.all,
          queryKeys.orders.adminAll,
          queryKeys.subscriptions.summary,
          queryKeys.payments.historyAll,
          queryKeys.overview,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
