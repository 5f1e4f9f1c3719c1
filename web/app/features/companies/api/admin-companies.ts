import type { CompanyInvitationBody } from "@agency/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api";

/** The agency's Companies page and a company's page (members who see customers). */
const keys = {
  all: ["admin-companies"] as const,
  list: (q: string, cursor: string) => ["admin-companies", "list", q, cursor] as const,
  detail: (id: string) => ["admin-companies", "detail", id] as const,
};

/** One page of companies by name: the first, or the one after `cursor`; searched by `q`. */
export function useCompanies(q: string, cursor: string | undefined) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return useQuery(
    queryOptions({
      queryKey: keys.list(q, cursor ?? ""),
      queryFn: ({ signal }) =>
        apiGet(`/admin/companies${query ? `?${query}` : ""}`, (c) => c.AdminCompanyList, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useAgencyCompany(id: string) {
  return useQuery(
    queryOptions({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) =>
        apiGet(`/admin/companies/${encodeURIComponent(id)}`, (c) => c.AdminCompanyDetail, { signal }),
    }),
  );
}

/** The agency adds a contact to the company: the company's invitation is mailed to them. */
export function useAddContact(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyInvitationBody) =>
      apiPost(
        `/admin/companies/${encodeURIComponent(companyId)}/invitations`,
        (c) => c.CompanyInvitation,
        body,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
