import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** A receipt its customer (or an admin) may open; the server says 404 to anyone else. */
function receiptQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.receipt(id),
    queryFn: () => apiGet(`/receipts/${encodeURIComponent(id)}`, (c) => c.Receipt),
    // An issued receipt never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useReceipt(id: string) {
  return useQuery(receiptQueryOptions(id));
}

/** The same receipt as a PDF file (the browser downloads it with the session cookie). */
export function receiptPdfUrl(id: string): string {
  return `/api/receipts/${encodeURIComponent(id)}/pdf`;
}

export function receiptPagePath(id: string): string {
  return `/dashboard/receipts/${encodeURIComponent(id)}`;
}
