import {
  type ClientAbility,
  type ClientRole,
  type CompanyDetailsBody,
  type CompanyInvitationBody,
  clientMay,
} from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiDelete, apiGet, apiPatch, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** Someone in no company yet (their first order makes one) is an answer, not a failure to retry. */
export function isNoCompany(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}

export function useCompany() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.company.page,
      queryFn: ({ signal }) => apiGet("/company", (c) => c.Company, { signal }),
      retry: (failures, error) => !isNoCompany(error) && failures < 2,
    }),
  );
}

/**
 * Whether the caller's client role lets them `ability` on their orders (pay, approve), from their
 * company's page as it is now: someone in no company acts on their own orders. Undefined until
 * known (most customers are their company's Admin: pages show the action meanwhile). It shapes
 * the page only; the server decides.
 */
export function useClientMay(ability: ClientAbility): boolean | undefined {
  const company = useCompany();
  if (company.data) return clientMay(company.data.yourRole, ability);
  if (company.isError) return isNoCompany(company.error);
  return undefined;
}

/** The open invitations, for the company's Admins only (ask only when the caller is one). */
export function useCompanyInvitations(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.company.invitations,
      queryFn: ({ signal }) => apiGet("/company/invitations", (c) => c.CompanyInvitationList, { signal }),
      enabled,
    }),
  );
}

const invitation = (id: string) => `/company/invitations/${encodeURIComponent(id)}`;
const person = (id: string) => `/company/people/${encodeURIComponent(id)}`;

/**
 * Saving the details, inviting, sending again and withdrawing, changing a colleague's role and
 * removing them, from the company's page.
 */
export function useCompanyActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.company.all });
  return {
    saveDetails: useMutation({
      mutationFn: (body: CompanyDetailsBody) => apiPut("/company", (c) => c.Company, body),
      onSuccess: (saved) => queryClient.setQueryData(queryKeys.company.page, saved),
    }),
    invite: useMutation({
      mutationFn: (body: CompanyInvitationBody) =>
        apiPost("/company/invitations", (c) => c.CompanyInvitation, body),
      onSettled,
    }),
    resend: useMutation({
      mutationFn: (id: string) => apiPost(`${invitation(id)}/resend`, (c) => c.CompanyInvitation, {}),
      onSettled,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => apiDelete(invitation(id), (c) => c.ModifiedCount),
      onSettled,
    }),
    changeRole: useMutation({
      mutationFn: ({ id, role }: { id: string; role: ClientRole }) =>
        apiPatch(person(id), (c) => c.Company, { role }),
      onSuccess: (saved) => queryClient.setQueryData(queryKeys.company.page, saved),
      // What the caller may do on their orders follows their own role.
      onSettled: () => queryClient.invalidateQueries(),
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiDelete(person(id), (c) => c.ModifiedCount),
      // Someone who left sees none of the company's orders any more.
      onSettled: () => queryClient.invalidateQueries(),
    }),
  };
}

/** A link that cannot be used (unknown, used, withdrawn or expired) is an answer, not a failure to retry. */
export function isClosedCompanyInvitation(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 410);
}

export function useCompanyInvitationLookup(token: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.companyInvitation(token),
      queryFn: ({ signal }) =>
        apiGet(
          `/company/invitations/lookup?token=${encodeURIComponent(token)}`,
          (c) => c.CompanyInvitationLookup,
          {
            signal,
          },
        ),
      retry: (failures, error) => !isClosedCompanyInvitation(error) && failures < 2,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

export function useAcceptCompanyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiPost("/company/invitations/accept", (c) => c.JoinedCompany, { token }),
    // The person's orders are now their company's.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Who gets an order's mails (asked only once the caller's company has colleagues). */
export function useOrderFollowers(orderId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.company.followers(orderId),
      queryFn: ({ signal }) =>
        apiGet(`/order/${encodeURIComponent(orderId)}/followers`, (c) => c.OrderFollowers, { signal }),
      enabled,
    }),
  );
}

export function useFollowOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      apiPut(`/order/${encodeURIComponent(orderId)}/following`, (c) => c.OrderFollowers, { follow }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.company.followers(orderId), saved),
  });
}
