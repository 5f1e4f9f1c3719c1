import type { AssignOrderBody, OrderDetail, OrderDueBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { showChangedOrder } from "./order-detail";

/** The members an order may be given to (active, with a role that works on orders). */
function assigneesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.workflow.assignees,
    queryFn: () => apiGet("/team/assignees", (c) => c.TeamAssigneeList),
    staleTime: 60_000,
  });
}

/** Asked for only by members who may assign (the server refuses the others). */
export function useAssignees(enabled: boolean) {
  return useQuery({ ...assigneesQueryOptions(), enabled });
}

function useTeamChange<Body>(send: (body: Body) => Promise<OrderDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => showChangedOrder(queryClient, "admin", detail),
  });
}

const order = (id: string) => encodeURIComponent(id);

/** Gives the order to a member, or to nobody (null). */
export function useAssignOrder(id: string) {
  return useTeamChange((body: AssignOrderBody) =>
    apiPut(`/admin/orders/${order(id)}/assignee`, (c) => c.OrderDetail, body),
  );
}

/** Sets when the order's work is due, or clears it (null). */
export function useSetOrderDue(id: string) {
  return useTeamChange((body: OrderDueBody) =>
    apiPut(`/admin/orders/${order(id)}/due`, (c) => c.OrderDetail, body),
  );
}
