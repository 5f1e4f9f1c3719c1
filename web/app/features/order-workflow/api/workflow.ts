import type {
  CancelOrderBody,
  ChangeOrderStateBody,
  OrderDetail,
  RefundOrderBody,
  RequestChangesBody,
} from "@agency/contract";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { type Audience, showChangedOrder } from "./order-detail";

function useOrderChange<Body>(
  audience: Audience,
  send: (body: Body) => Promise<OrderDetail>,
  /** Other screens the change shows on. */
  alsoChanged: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => {
      showChangedOrder(queryClient, audience, detail);
      // A delivery's or a request's note can show in the thread too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.workflow.thread(detail._id) });
      for (const queryKey of alsoChanged) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

const order = (id: string) => encodeURIComponent(id);

/** Admin: start the work, deliver (with files) or reopen a delivery. */
export function useChangeOrderState(id: string) {
  return useOrderChange("admin", (body: ChangeOrderStateBody) =>
    apiPost(`/admin/orders/${order(id)}/state`, (c) => c.OrderDetail, body),
  );
}

/** Admin: cancel the order, refunding its payment when asked to. */
export function useCancelOrder(id: string) {
  return useOrderChange("admin", (body: CancelOrderBody) =>
    apiPost(`/admin/orders/${order(id)}/cancel`, (c) => c.OrderDetail, body),
  );
}

/**
 * Admin: give back part or all of what is left of one of the order's payments; the Overview and
 * the payment history show it too.
 */
export function useRefundOrder(id: string) {
  return useOrderChange(
    "admin",
    (body: RefundOrderBody) => apiPost(`/admin/orders/${order(id)}/refunds`, (c) => c.OrderDetail, body),
    [queryKeys.overview, queryKeys.payments.historyAll],
  );
}

/** Customer: accept the delivery (the order is complete). */
export function useApproveDelivery(id: string) {
  return useOrderChange("customer", () => apiPost(`/order/${order(id)}/approve`, (c) => c.OrderDetail, {}));
}

/** Customer: send the delivery back with what should change. */
export function useRequestChanges(id: string) {
  return useOrderChange("customer", (body: RequestChangesBody) =>
    apiPost(`/order/${order(id)}/request-changes`, (c) => c.OrderDetail, body),
  );
}
