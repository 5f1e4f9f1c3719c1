import type { PostMessageBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiGet, apiPost, apiUpload } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

const order = (id: string) => encodeURIComponent(id);

/**
 * The order's thread, oldest first. Reading it marks it read on the server, so the menus' unread
 * counts are asked again once it has loaded.
 */
export function useThread(orderId: string) {
  const queryClient = useQueryClient();
  const thread = useQuery(
    queryOptions({
      queryKey: queryKeys.workflow.thread(orderId),
      queryFn: () => apiGet(`/order/${order(orderId)}/messages`, (c) => c.MessageList),
      // The other side may answer while the page is open.
      refetchInterval: 30_000,
    }),
  );
  const read = thread.dataUpdatedAt;
  useEffect(() => {
    if (read > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.workflow.unread });
  }, [read, queryClient]);
  return thread;
}

/** Stores one file on the order; a message or a delivery then names it. */
export function uploadFile(orderId: string, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiUpload(`/order/${order(orderId)}/files`, (c) => c.FileMeta, form);
}

export function usePostMessage(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostMessageBody) =>
      apiPost(`/order/${order(orderId)}/messages`, (c) => c.Message, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workflow.thread(orderId) }),
  });
}
