import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** Each member's load this week. */
export function useWorkload() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.time.workload,
      queryFn: ({ signal }) => apiGet("/admin/workload", (c) => c.Workload, { signal }),
    }),
  );
}

/** Sets a member's hours a week; answers the workload as it is then. */
export function useSetCapacity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, hours }: { memberId: string; hours: number }) =>
      apiPut(`/admin/workload/${encodeURIComponent(memberId)}/capacity`, (c) => c.Workload, { hours }),
    onSuccess: (workload) => queryClient.setQueryData(queryKeys.time.workload, workload),
  });
}

/** Sets (or clears, with null) a member's hourly rate; answers the workload as it is then. */
export function useSetHourlyRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, rate }: { memberId: string; rate: number | null }) =>
      apiPut(`/admin/workload/${encodeURIComponent(memberId)}/rate`, (c) => c.Workload, { rate }),
    onSuccess: (workload) => queryClient.setQueryData(queryKeys.time.workload, workload),
  });
}
