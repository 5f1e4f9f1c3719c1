import type { CreateApiKeyBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** Every API key (never the key itself) and the roles a new key may hold. */
export function useApiKeys() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.apiKeys,
      queryFn: ({ signal }) => apiGet("/admin/api-keys", (c) => c.ApiKeyList, { signal }),
    }),
  );
}

/** Making a key (the answer holds the key, this once) and revoking one. */
export function useApiKeyActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
  return {
    create: useMutation({
      mutationFn: (body: CreateApiKeyBody) => apiPost("/admin/api-keys", (c) => c.CreatedApiKey, body),
      onSettled,
    }),
    revoke: useMutation({
      mutationFn: (id: string) =>
        apiPost(`/admin/api-keys/${encodeURIComponent(id)}/revoke`, (c) => c.ApiKey, {}),
      onSettled,
    }),
  };
}
