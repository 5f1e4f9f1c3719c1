import type {
  ContactMessageBody,
  LeadKind,
  LeadStored,
  NewsletterConfirmResult,
  NewsletterSignUpBody,
  QueryRequestBody,
} from "@agency/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api";
import { type PagePosition, positionQuery } from "../../../lib/page-position";
import { queryKeys } from "../../../lib/query-keys";

export const LEADS_PAGE_SIZE = 25;

function sendContactMessage(body: ContactMessageBody): Promise<LeadStored> {
  return apiPost("/leads/contact", (c) => c.LeadStored, body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

function sendQueryRequest(body: QueryRequestBody): Promise<LeadStored> {
  return apiPost("/leads/query", (c) => c.LeadStored, body);
}

export function useSendQueryRequest() {
  return useMutation({ mutationFn: sendQueryRequest });
}

function joinNewsletter(body: NewsletterSignUpBody): Promise<LeadStored> {
  return apiPost("/newsletter", (c) => c.LeadStored, body);
}

export function useJoinNewsletter() {
  return useMutation({ mutationFn: joinNewsletter });
}

function confirmNewsletter(token: string): Promise<NewsletterConfirmResult> {
  return apiPost("/newsletter/confirm", (c) => c.NewsletterConfirmResult, { token });
}

/**
 * Sent once when the mailed link is opened: a query (not a mutation) so a second render or a
 * remount reuses the answer instead of posting again.
 */
export function useConfirmNewsletter(token: string) {
  return useQuery({
    queryKey: queryKeys.newsletterConfirmation(token),
    queryFn: () => confirmNewsletter(token),
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The leads list (admin), all kinds or one. */
export function useLeads(kind: LeadKind | undefined, position: PagePosition, q?: string) {
  const filter = `${kind ? `&kind=${kind}` : ""}${q ? `&q=${encodeURIComponent(q)}` : ""}`;
  const start = positionQuery(position);
  return useQuery(
    queryOptions({
      queryKey: queryKeys.leads(kind ?? "all", position.page, `${start}${filter}`),
      queryFn: () => apiGet(`/admin/leads?${start}&size=${LEADS_PAGE_SIZE}${filter}`, (c) => c.LeadList),
      placeholderData: keepPreviousData,
    }),
  );
}
