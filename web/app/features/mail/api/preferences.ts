import type { MailPreferences, UpdateMailPreferences } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPut } from "../../../lib/api";

export const mailPreferencesQueryKey = ["mail-preferences"] as const;

export function mailPreferencesQueryOptions() {
  return queryOptions({
    queryKey: mailPreferencesQueryKey,
    queryFn: () => apiGet("/mail/preferences", (c) => c.MailPreferences),
  });
}

export function useMailPreferences() {
  return useQuery(mailPreferencesQueryOptions());
}

export function saveMailPreferences(body: UpdateMailPreferences): Promise<MailPreferences> {
  return apiPut("/mail/preferences", (c) => c.MailPreferences, body);
}

/** The server answers with the settings as stored, which replace the ones on screen. */
export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(mailPreferencesQueryKey, saved),
  });
}
