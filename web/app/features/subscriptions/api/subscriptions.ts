import type { UpdateCardBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** A change of a subscription shows in My Orders, All Orders and the revenue figures. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        queryKeys.orders.all,
        queryKeys.orders.adminAll,
        queryKeys.subscriptions.summary,
        queryKeys.payments.historyAll,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useResumeSubscription() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost(`/subscriptions/${encodeURIComponent(id)}/resume`, (c) => c.Subscription, {}),
    onSettled: refresh,
  });
}

/** Cancels at the period's end; the reason, when given, is for the agency. */
export function useCancelSubscription() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiPost(
        `/subscriptions/${encodeURIComponent(id)}/cancel`,
        (c) => c.Subscription,
        reason ? { reason } : {},
      ),
    onSettled: refresh,
  });
}

export function useUpdateCard(id: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (card: UpdateCardBody) =>
      apiPost(`/subscriptions/${encodeURIComponent(id)}/card`, (c) => c.Subscription, card),
    onSettled: refresh,
  });
}

export function useSubscriptionSummary() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.subscriptions.summary,
      queryFn: () => apiGet("/admin/subscriptions/summary", (c) => c.SubscriptionSummary),
    }),
  );
}

/** Stripe: the page where the overdue invoice is paid with a new card (null offline). */
export function useCardLink(id: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.subscriptions.cardLink(id),
      queryFn: () => apiGet(`/subscriptions/${encodeURIComponent(id)}/card-link`, (c) => c.UpdateCardLink),
    }),
  );
}
