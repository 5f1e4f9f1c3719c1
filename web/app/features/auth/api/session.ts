import type { Session } from "@agency/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ApiError, apiGet } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

// Who the visitor is, apart from the account actions (./auth), so the public pages' navbar and
// footer load no mutation code.

function getSession(): Promise<Session> {
  return apiGet("/auth/get-session", (c) => c.Session, { acceptNull: true });
}

/**
 * A failed session check says nothing about the session: the server was busy (429 or 5xx) or out
 * of reach. Only an answer (a session, or null) signs the visitor in or out.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

const SESSION_RETRIES = 5;

/** 1 s, 2 s, 4 s, … up to 30 s between attempts. */
function sessionRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Who the visitor is must not hinge on one busy moment: such failures are tried again, slower each time. */
const retryTransientFailures = {
  retry: (failureCount: number, error: unknown) =>
    isTransientFailure(error) && failureCount < SESSION_RETRIES,
  retryDelay: sessionRetryDelay,
};

const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: getSession,
  staleTime: 60_000,
  // While the checks fail the last known session stays in the cache (and on screen).
  ...retryTransientFailures,
});

/**
 * The signed-in user (`data`), null when signed out; `isPending` while the first answer is on its
 * way. `data` is undefined with `isError` only when no check has answered yet: then whether the
 * visitor is signed in is unknown, which is not the same as signed out.
 */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** SPEC §6: admin status is looked up on the server by the signed-in user's e-mail. */
function adminStatusQueryOptions(email: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.adminStatus(email),
    queryFn: () => apiGet(`/admin/${encodeURIComponent(email ?? "")}`, (c) => c.AdminStatus),
    enabled: Boolean(email),
    ...retryTransientFailures,
  });
}

export function useAdminStatus(email: string | undefined) {
  return useQuery(adminStatusQueryOptions(email));
}

/**
 * What the signed-in member's role lets them do, to offer only those actions (the server checks
 * every call regardless); undefined while unknown.
 */
export function useMemberPermissions(): ReadonlySet<string> | undefined {
  const session = useSession();
  const list = useAdminStatus(session.data?.user.email).data?.permissions;
  return useMemo(() => (list ? new Set<string>(list) : undefined), [list]);
}
