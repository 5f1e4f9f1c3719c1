import type { ReplyTemplateBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** The team's reply templates, by name. */
export function useTemplates(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.templates,
      queryFn: ({ signal }) => apiGet("/admin/templates", (c) => c.ReplyTemplateList, { signal }),
      enabled,
    }),
  );
}

/** Saving, changing and deleting a template: each answers the list as it is then. */
export function useTemplateActions() {
  const queryClient = useQueryClient();
  const onSuccess = (list: unknown) => queryClient.setQueryData(queryKeys.templates, list);
  return {
    create: useMutation({
      mutationFn: (body: ReplyTemplateBody) => apiPost("/admin/templates", (c) => c.ReplyTemplateList, body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ReplyTemplateBody }) =>
        apiPut(`/admin/templates/${encodeURIComponent(id)}`, (c) => c.ReplyTemplateList, body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiDelete(`/admin/templates/${encodeURIComponent(id)}`, (c) => c.ReplyTemplateList),
      onSuccess,
    }),
  };
}

/** A template filled in for the order, to put in its thread. */
export function fillTemplate(orderId: string, templateId: string) {
  return apiGet(
    `/admin/orders/${encodeURIComponent(orderId)}/templates/${encodeURIComponent(templateId)}`,
    (c) => c.FilledTemplate,
  );
}
