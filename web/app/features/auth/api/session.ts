import type { Session } from "@agency/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const sessionQueryKey = ["session"] as const;

export function getSession(): Promise<Session> {
  return apiGet("/auth/get-session", (c) => c.Session);
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
  staleTime: 60_000,
});

/** The signed-in user, or null; `isPending` while the first answer is on its way. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}
