import type { RuleBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** Every rule with its latest runs. */
export function useRules() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.rules.all,
      queryFn: ({ signal }) => apiGet("/admin/automations", (c) => c.RuleList, { signal }),
    }),
  );
}

/** What a rule's form chooses from: the team, the plans, the companies and the templates. */
export function useRuleChoices() {
  const query = <T>(key: readonly string[], fn: (signal: AbortSignal) => Promise<T>) =>
    queryOptions({
      queryKey: [...queryKeys.rules.all, ...key],
      queryFn: ({ signal }) => fn(signal),
      retry: false,
    });
  return {
    members: useQuery(
      query(["members"], (signal) => apiGet("/team/assignees", (c) => c.TeamAssigneeList, { signal })),
    ),
    plans: useQuery(query(["plans"], (signal) => apiGet("/pricing", (c) => c.PricingList, { signal }))),
    companies: useQuery(
      query(["companies"], (signal) => apiGet("/admin/companies", (c) => c.AdminCompanyList, { signal })),
    ),
    templates: useQuery(
      query(["templates"], (signal) => apiGet("/admin/templates", (c) => c.ReplyTemplateList, { signal })),
    ),
  };
}

/** Writing, changing, pausing and deleting a rule: each answers the rules as they are then. */
export function useRuleActions() {
  const queryClient = useQueryClient();
  const onSuccess = (list: unknown) => queryClient.setQueryData(queryKeys.rules.all, list);
  return {
    create: useMutation({
      mutationFn: (body: RuleBody) => apiPost("/admin/automations", (c) => c.RuleList, body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: RuleBody }) =>
        apiPut(`/admin/automations/${encodeURIComponent(id)}`, (c) => c.RuleList, body),
      onSuccess,
    }),
    pause: useMutation({
      mutationFn: ({ id, paused }: { id: string; paused: boolean }) =>
        apiPost(`/admin/automations/${encodeURIComponent(id)}/pause`, (c) => c.RuleList, { paused }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiDelete(`/admin/automations/${encodeURIComponent(id)}`, (c) => c.RuleList),
      onSuccess,
    }),
  };
}
