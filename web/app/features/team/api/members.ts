import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

const teamMembersQueryOptions = queryOptions({
  queryKey: queryKeys.team.members,
  queryFn: ({ signal }) => apiGet("/team/members", (c) => c.TeamMemberList, { signal }),
});

/** The members of the team and the invitations still open. */
export function useTeamMembers() {
  return useQuery(teamMembersQueryOptions);
}

const member = (id: string) => `/team/members/${encodeURIComponent(id)}`;

/** What the team page does to a member; each refreshes the team, the roles' counts and who may do what. */
export function useMemberActions() {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.team.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminStatusAll }),
    ]);
  return {
    changeRole: useMutation({
      mutationFn: ({ id, role }: { id: string; role: string }) =>
        apiPut(`${member(id)}/role`, (c) => c.ModifiedCount, { role }),
      onSettled,
    }),
    suspend: useMutation({
      mutationFn: (id: string) => apiPost(`${member(id)}/suspend`, (c) => c.ModifiedCount, {}),
      onSettled,
    }),
    unsuspend: useMutation({
      mutationFn: (id: string) => apiPost(`${member(id)}/unsuspend`, (c) => c.ModifiedCount, {}),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiDelete(member(id), (c) => c.DeleteResult),
      onSettled,
    }),
    handOver: useMutation({
      mutationFn: (memberId: string) => apiPost("/team/owner", (c) => c.ModifiedCount, { memberId }),
      onSettled,
    }),
  };
}
