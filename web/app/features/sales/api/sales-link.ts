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
    /** An invoice that opens no order: its card payment, for what it still asks for. */
    openCard: useMutation({
      mutationFn: () => apiPost(`${path(token)}/card`, (c) => c.PaymentIntent, {}),
    }),
  };
}

/** The invoice's card payment is booked (the server asks the provider); answers the invoice now. */
export function confirmInvoiceCard(token: string, transactionId: string) {
  return apiPost(`${path(token)}/card/confirm`, (c) => c.CustomerSalesDocument, { transactionId });
}

/** Puts the invoice as the server answered it on the page. */
export function useShowSalesDocument(token: string) {
  const queryClient = useQueryClient();
  return (document: unknown) => queryClient.setQueryData(queryKeys.sales.link(token), document);
}
