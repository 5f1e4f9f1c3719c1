import type { ConfirmAccountDeletionBody, DeleteAccountBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { anyAnswer, apiGet, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

type LinkedAccount = { providerId: string };

/** How the signed-in user signs in: "credential" is a password, the others social providers. */
const signInMethodsQueryOptions = queryOptions({
  queryKey: queryKeys.signInMethods,
  queryFn: async () => {
    const accounts = (await apiGet("/auth/list-accounts", anyAnswer)) as LinkedAccount[];
    return { hasPassword: accounts.some((account) => account.providerId === "credential") };
  },
});

export function useSignInMethods() {
  return useQuery(signInMethodsQueryOptions);
}

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiPost("/auth/update-user", anyAnswer, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

/** A new password signs out every other session: whoever knew the old one is out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiPost("/auth/change-password", anyAnswer, { ...input, revokeOtherSessions: true }),
  });
}

/** Mails a link to the new address; the address changes when it is opened. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (newEmail: string) =>
      apiPost("/auth/change-email", anyAnswer, { newEmail, callbackURL: "/dashboard/profile" }),
  });
}

export function useSignOutOtherSessions() {
  return useMutation({ mutationFn: () => apiPost("/auth/revoke-other-sessions", anyAnswer, {}) });
}

/**
 * After a deletion nothing of the account stays in the cache, and the visitor is signed out. Called
 * once the page has left the dashboard, whose guard would otherwise send it to the login page
 * with a way back into the deleted account's dashboard.
 */
export function useForgetAccount() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
    queryClient.setQueryData(queryKeys.session, null);
  };
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => apiPost("/account/delete", (c) => c.DeleteAccountResult, body),
  });
}

export function useConfirmAccountDeletion() {
  return useMutation({
    mutationFn: (body: ConfirmAccountDeletionBody) =>
      apiPost("/account/delete/confirm", (c) => c.DeleteAccountResult, body),
  });
}
