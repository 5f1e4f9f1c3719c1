import type { SubmitBriefBody, UpdateBriefQuestionsBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { showChangedOrder } from "./order-detail";

/** Customer: the answers to the plan's questions. */
export function useSubmitBrief(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitBriefBody) =>
      apiPut(`/order/${encodeURIComponent(orderId)}/brief`, (c) => c.OrderDetail, body),
    onSuccess: (detail) => showChangedOrder(queryClient, "customer", detail),
  });
}

/** Customer: the brief carried over from the period before is right as it is. */
export function useConfirmBrief(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(`/order/${encodeURIComponent(orderId)}/brief/confirm`, (c) => c.OrderDetail),
    onSuccess: (detail) => showChangedOrder(queryClient, "customer", detail),
  });
}

function briefQuestionsPath(planId: string) {
  return `/admin/plans/${encodeURIComponent(planId)}/brief-questions`;
}

/** Admin: the questions a plan asks after payment. */
export function useBriefQuestions(planId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.workflow.briefQuestions(planId),
      queryFn: () => apiGet(briefQuestionsPath(planId ?? ""), (c) => c.BriefQuestionList),
      enabled: Boolean(planId),
    }),
  );
}

export function useSaveBriefQuestions(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBriefQuestionsBody) =>
      apiPut(briefQuestionsPath(planId), (c) => c.BriefQuestionList, body),
    onSuccess: (questions) => queryClient.setQueryData(queryKeys.workflow.briefQuestions(planId), questions),
  });
}
