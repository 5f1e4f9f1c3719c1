import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPut } from "../../../lib/api";
import { type PagePosition, positionQuery } from "../../../lib/page-position";
import { queryKeys } from "../../../lib/query-keys";
import { filterQuery } from "../../../lib/url-filters";

export const USERS_PAGE_SIZE = 20;

/** All Users' search (`q`) and role filter (`admin` or `customer`). */
export type UserFilter = { q?: string; role?: string };

function usersQueryOptions(position: PagePosition, filter: UserFilter = {}) {
  const start = `${positionQuery(position)}${filterQuery(filter)}`;
  return queryOptions({
    queryKey: queryKeys.users.page(position.page, start),
    queryFn: () => apiGet(`/users?${start}&size=${USERS_PAGE_SIZE}`, (c) => c.UserList),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(position: PagePosition, filter: UserFilter = {}) {
  return useQuery(usersQueryOptions(position, filter));
}

/** 'Make an Admin' / 'Remove Admin Access' (SPEC §4 user role). */
export function useSetAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, admin }: { email: string; admin: boolean }) =>
      apiPut(
        `/user/${admin ? "admin" : "remove-admin"}/${encodeURIComponent(email)}`,
        (c) => c.ModifiedCount,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminStatusAll }),
      ]),
  });
}
