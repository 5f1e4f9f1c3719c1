import type { SetupStep } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** A new shop's setup checklist, for a member who operates the shop. */
export function useSetupChecklist(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.setup,
      queryFn: ({ signal }) => apiGet("/admin/setup", (c) => c.SetupChecklist, { signal }),
      enabled,
    }),
  );
}

/** Sets a step aside: the checklist as it is then. */
export function useDismissSetupStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: SetupStep) => apiPost("/admin/setup/dismiss", (c) => c.SetupChecklist, { step }),
    onSuccess: (checklist) => queryClient.setQueryData(queryKeys.setup, checklist),
  });
}
