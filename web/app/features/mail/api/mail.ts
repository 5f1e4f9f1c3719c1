import type {
  MailPreferences,
  UnsubscribeQuery,
  UnsubscribeResult,
  UpdateMailPreferences,
} from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

function mailPreferencesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.mailPreferences,
    queryFn: () => apiGet("/mail/preferences", (c) => c.MailPreferences),
  });
}

export function useMailPreferences() {
  return useQuery(mailPreferencesQueryOptions());
}

function saveMailPreferences(body: UpdateMailPreferences): Promise<MailPreferences> {
  return apiPut("/mail/preferences", (c) => c.MailPreferences, body);
}

/** The server answers with the settings as stored, which replace the ones on screen. */
export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.mailPreferences, saved),
  });
}

/** The signed address of a mailed unsubscribe link; the server checks the signature. */
function unsubscribe(link: UnsubscribeQuery): Promise<UnsubscribeResult> {
  return apiPost(`/mail/unsubscribe?${new URLSearchParams(link)}`, (c) => c.UnsubscribeResult);
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
