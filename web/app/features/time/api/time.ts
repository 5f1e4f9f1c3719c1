import type { TimeEntryBody, TimeEntryPatch } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPatch, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

const orderTimePath = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}/time`;

/** An order's time entries and totals. */
export function useOrderTime(orderId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.time.order(orderId),
      queryFn: ({ signal }) => apiGet(orderTimePath(orderId), (c) => c.OrderTime, { signal }),
    }),
  );
}

/** The signed-in member's running timer (none: `entry` null). */
export function useRunningTimer(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.time.running,
      queryFn: ({ signal }) => apiGet("/admin/time/running", (c) => c.RunningTimer, { signal }),
      enabled,
      staleTime: 60_000,
    }),
  );
}

/** Starting, stopping, adding, changing and deleting: each refreshes the order's time and the timer. */
export function useTimeActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.time.all });
  return {
    start: useMutation({
      mutationFn: (orderId: string) => apiPost(`${orderTimePath(orderId)}/start`, (c) => c.RunningTimer, {}),
      onSuccess: refresh,
    }),
    stop: useMutation({
      mutationFn: () => apiPost("/admin/time/stop", (c) => c.TimeEntry, {}),
      onSuccess: refresh,
    }),
    add: useMutation({
      mutationFn: ({ orderId, body }: { orderId: string; body: TimeEntryBody }) =>
        apiPost(orderTimePath(orderId), (c) => c.OrderTime, body),
      onSuccess: refresh,
    }),
    change: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: TimeEntryPatch }) =>
        apiPatch(`/admin/time/${encodeURIComponent(id)}`, (c) => c.OrderTime, patch),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiDelete(`/admin/time/${encodeURIComponent(id)}`, (c) => c.OrderTime),
      onSuccess: refresh,
    }),
  };
}

/** A company's billable time not billed yet (for a role that sees money). */
export function useUnbilledTime(companyId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.time.unbilled(companyId),
      queryFn: ({ signal }) =>
        apiGet(`/admin/companies/${encodeURIComponent(companyId)}/unbilled-time`, (c) => c.UnbilledTime, {
          signal,
        }),
      enabled,
    }),
  );
}

/** The chosen entries to a draft invoice; answers its id. */
export function useInvoiceTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { companyId: string; entryIds: string[]; grouping: "entry" | "member" }) =>
      apiPost("/admin/time/invoice", (c) => c.InvoicedTime, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.time.all }),
  });
}
