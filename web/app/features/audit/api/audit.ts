import type { AuditAction } from "@agency/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";
import { type PagePosition, positionQuery } from "../../../lib/page-position";
import { queryKeys } from "../../../lib/query-keys";
import { filterQuery } from "../../../lib/url-filters";

const AUDIT_PAGE_SIZE = 50;

export type AuditFilters = { action?: AuditAction; q?: string; from?: string; to?: string };

/** One page of the audit log (admin), newest first, narrowed by the filters. */
export function useAuditLog(filters: AuditFilters, position: PagePosition) {
  const start = `${positionQuery(position)}&size=${AUDIT_PAGE_SIZE}${filterQuery(filters)}`;
  return useQuery(
    queryOptions({
      queryKey: queryKeys.audit.page(position.page, start),
      queryFn: () => apiGet(`/admin/audit?${start}`, (c) => c.AuditList),
      placeholderData: keepPreviousData,
    }),
  );
}

/** Walks the hash chain on the server: whether any entry was changed, removed or added by hand. */
export function useVerifyAuditChain() {
  return useMutation({
    mutationFn: () => apiGet("/admin/audit/verify", (c) => c.AuditVerification),
  });
}
