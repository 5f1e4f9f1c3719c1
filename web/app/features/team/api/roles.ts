import type { TeamRoleBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** The built-in and custom roles, with how many members hold each. */
export function useTeamRoles() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.team.roles,
      queryFn: ({ signal }) => apiGet("/team/roles", (c) => c.TeamRoleList, { signal }),
    }),
  );
}

const role = (key: string) => `/team/roles/${encodeURIComponent(key)}`;

/** Adding, editing and deleting custom roles; members' permissions follow their role's. */
export function useRoleEditor() {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.team.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminStatusAll }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: TeamRoleBody) => apiPost("/team/roles", (c) => c.TeamRole, body),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ key, body }: { key: string; body: TeamRoleBody }) =>
        apiPut(role(key), (c) => c.TeamRole, body),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (key: string) => apiDelete(role(key), (c) => c.DeleteResult),
      onSettled,
    }),
  };
}
