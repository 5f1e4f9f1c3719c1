import type { AcceptInvitationBody, InvitationBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiGet, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

const invitation = (id: string) => `/team/invitations/${encodeURIComponent(id)}`;

/** Sending, re-sending and revoking invitations from the team page. */
export function useInvitationActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.team.all });
  return {
    send: useMutation({
      mutationFn: (body: InvitationBody) => apiPost("/team/invitations", (c) => c.TeamInvitation, body),
      onSettled,
    }),
    resend: useMutation({
      mutationFn: (id: string) => apiPost(`${invitation(id)}/resend`, (c) => c.TeamInvitation, {}),
      onSettled,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => apiPost(`${invitation(id)}/revoke`, (c) => c.ModifiedCount, {}),
      onSettled,
    }),
  };
}

/** A link that cannot be used (unknown, used, revoked or expired) is an answer, not a failure to retry. */
export function isClosedInvitation(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 410);
}

/** What a mailed invitation link offers: the address, the role and the shop. */
export function useInvitationLookup(token: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.invitation(token),
      queryFn: ({ signal }) =>
        apiGet(`/team/invitations/lookup?token=${encodeURIComponent(token)}`, (c) => c.InvitationLookup, {
          signal,
        }),
      retry: (failures, error) => !isClosedInvitation(error) && failures < 2,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) =>
      apiPost("/team/invitations/accept", (c) => c.AcceptedInvitation, body),
  });
}
