import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";
import { retryTransientFailures } from "./session";

/** SPEC §6: admin status is looked up on the server by the signed-in user's e-mail. */
export function adminStatusQueryOptions(email: string | undefined) {
  return queryOptions({
    queryKey: ["admin-status", email],
    queryFn: () => apiGet(`/admin/${encodeURIComponent(email ?? "")}`, (c) => c.AdminStatus),
    enabled: Boolean(email),
    ...retryTransientFailures,
  });
}

export function useAdminStatus(email: string | undefined) {
  return useQuery(adminStatusQueryOptions(email));
}
