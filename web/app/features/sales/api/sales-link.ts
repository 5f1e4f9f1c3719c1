import type { AcceptSalesBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

const path = (token: string) => `/sales/${encodeURIComponent(token)}`;

/** Before signing in: what the link is and for which address. */
export function useSalesInvitation(token: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.sales.invitation(token),
      queryFn: ({ signal }) => apiGet(`${path(token)}/invitation`, (c) => c.SalesInvitation, { signal }),
      enabled,
      retry: false,
    }),
  );
}

/** The quote or invoice itself, for the account it was sent to (the first view marks it viewed). */
export function useCustomerSalesDocument(token: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.sales.link(token),
      queryFn: ({ signal }) => apiGet(path(token), (c) => c.CustomerSalesDocument, { signal }),
      enabled,
      retry: false,
    }),
  );
}

/** Accept, decline, and start the card payment (the order the payment page then pays). */
export function useSalesAnswers(token: string) {
  const queryClient = useQueryClient();
  const onSuccess = (document: unknown) => queryClient.setQueryData(queryKeys.sales.link(token), document);
  return {
    accept: useMutation({
      mutationFn: (body: AcceptSalesBody) =>
        apiPost(`${path(token)}/accept`, (c) => c.CustomerSalesDocument, body),
      onSuccess,
    }),
    decline: useMutation({
      mutationFn: (reason: string) =>
        apiPost(`${path(token)}/decline`, (c) => c.CustomerSalesDocument, reason ? { reason } : {}),
      onSuccess,
    }),
    pay: useMutation({
      mutationFn: () => apiPost(`${path(token)}/pay`, (c) => c.SalesPayment, {}),
    }),
  };
}
