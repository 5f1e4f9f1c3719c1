import type { CreateWebhookEndpointBody, UpdateWebhookEndpointBody } from "@agency/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

export const DELIVERIES_PAGE_SIZE = 20;

export function useWebhookEndpoints() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.webhooks.endpoints,
      queryFn: ({ signal }) => apiGet("/admin/webhooks", (c) => c.WebhookEndpointList, { signal }),
    }),
  );
}

/** Adding, changing, turning off or on, and removing endpoints; the list refreshes after each. */
export function useWebhookEditor() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
  const path = (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`;
  return {
    create: useMutation({
      mutationFn: (body: CreateWebhookEndpointBody) =>
        apiPost("/admin/webhooks", (c) => c.CreatedWebhookEndpoint, body),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateWebhookEndpointBody }) =>
        apiPut(path(id), (c) => c.WebhookEndpoint, body),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiDelete(path(id), (c) => c.DeleteResult),
      onSettled,
    }),
  };
}

export function useWebhookDeliveries(endpointId: string, page: number) {
  const query = new URLSearchParams({ page: String(page), size: String(DELIVERIES_PAGE_SIZE) });
  return useQuery(
    queryOptions({
      queryKey: queryKeys.webhooks.deliveries(endpointId, page),
      queryFn: ({ signal }) =>
        apiGet(
          `/admin/webhooks/${encodeURIComponent(endpointId)}/deliveries?${query}`,
          (c) => c.WebhookDeliveryList,
          {
            signal,
          },
        ),
      placeholderData: keepPreviousData,
      // Deliveries move on their own: what was pending a moment ago may be delivered now.
      staleTime: 0,
    }),
  );
}

/** "Resend": the event goes again as a new delivery; the endpoints and deliveries refresh. */
export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiPost(
        `/admin/webhook-deliveries/${encodeURIComponent(deliveryId)}/resend`,
        (c) => c.WebhookDelivery,
        {},
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}
