import type { OrderDetail } from "@agency/contract";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** Who is looking: the order's customer, or an admin (whose calls are under /admin). */
export type Audience = "customer" | "admin";

function orderDetailPath(audience: Audience, id: string): string {
  const order = encodeURIComponent(id);
  return audience === "admin" ? `/admin/orders/${order}` : `/order/${order}`;
}

function orderDetailQueryOptions(audience: Audience, id: string) {
  return queryOptions({
    queryKey: queryKeys.workflow.detail(audience, id),
    queryFn: () => apiGet(orderDetailPath(audience, id), (c) => c.OrderDetail),
  });
}

export function useOrderDetail(audience: Audience, id: string) {
  return useQuery(orderDetailQueryOptions(audience, id));
}

/**
 * After a change the server answered with the order as it is now: show that, and let the lists
 * (My Orders, All Orders) that show its state load again.
 */
export function showChangedOrder(queryClient: QueryClient, audience: Audience, detail: OrderDetail) {
  queryClient.setQueryData(queryKeys.workflow.detail(audience, detail._id), detail);
  for (const list of [queryKeys.orders.all, queryKeys.orders.adminAll])
    void queryClient.invalidateQueries({ queryKey: list });
}
