import type { Board } from "@agency/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { type MoveTarget, withCardMoved } from "../board-moves";

/** The board narrowed to an assignee (a member's id, "me" or "none") and a plan. */
export type BoardFilter = { assignee?: string; plan?: string };

/** The board's query string, its parameters always in the same order (one cache entry per view). */
function boardQuery(filter: BoardFilter): string {
  const params = new URLSearchParams();
  if (filter.assignee) params.set("assignee", filter.assignee);
  if (filter.plan) params.set("plan", filter.plan);
  return params.toString();
}

function boardQueryOptions(filter: BoardFilter) {
  const query = boardQuery(filter);
  return queryOptions({
    queryKey: queryKeys.board.view(query),
    queryFn: () => apiGet(`/admin/board${query ? `?${query}` : ""}`, (c) => c.Board),
    placeholderData: keepPreviousData,
    // Others move cards too: look again now and then.
    refetchInterval: 60_000,
  });
}

export function useBoard(filter: BoardFilter) {
  return useQuery(boardQueryOptions(filter));
}

export type CardMove = { id: string; to: MoveTarget };

/**
 * Moves a card with the order's own state change (POST /admin/orders/{id}/state: the same rules,
 * history and mails as on the order's page). The card shows in its new column at once, goes back
 * if the server refuses, and the board is loaded again either way.
 */
export function useMoveCard(filter: BoardFilter) {
  const queryClient = useQueryClient();
  const key = queryKeys.board.view(boardQuery(filter));
  return useMutation({
    mutationFn: ({ id, to }: CardMove) =>
      apiPost(`/admin/orders/${encodeURIComponent(id)}/state`, (c) => c.OrderDetail, { state: to }),
    onMutate: async ({ id, to }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Board>(key);
      if (before) queryClient.setQueryData(key, withCardMoved(before, id, to));
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: (_detail, _error, { id }) => {
      for (const list of [
        queryKeys.board.all,
        queryKeys.orders.adminAll,
        queryKeys.workflow.detail("admin", id),
      ])
        void queryClient.invalidateQueries({ queryKey: list });
    },
  });
}
