import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPut } from "../../../lib/api";

export const USERS_PAGE_SIZE = 20;

export function usersQueryOptions(page: number) {
  return queryOptions({
    queryKey: ["users", page],
    queryFn: () => apiGet(`/users?page=${page}&size=${USERS_PAGE_SIZE}`, (c) => c.UserList),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(page: number) {
  return useQuery(usersQueryOptions(page));
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
        queryClient.invalidateQueries({ queryKey: ["users"] }),
        queryClient.invalidateQueries({ queryKey: ["admin-status"] }),
      ]),
  });
}
