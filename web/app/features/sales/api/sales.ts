import type { AdminSalesDetail, SalesDraftBody, SalesKind, SalesState } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

export type SalesFilter = { kind?: SalesKind; state?: SalesState; page: number };

function listPath(filter: SalesFilter): string {
  const params = new URLSearchParams();
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.state) params.set("state", filter.state);
  if (filter.page > 0) params.set("page", String(filter.page));
  const query = params.toString();
  return `/admin/sales${query ? `?${query}` : ""}`;
}

/** The dashboard's list of quotes and invoices, narrowed by kind and state. */
export function useSalesList(filter: SalesFilter) {
  const path = listPath(filter);
  return useQuery(
    queryOptions({
      queryKey: queryKeys.sales.list(path),
      queryFn: ({ signal }) => apiGet(path, (c) => c.AdminSalesList, { signal }),
    }),
  );
}

const one = (id: string) => `/admin/sales/${encodeURIComponent(id)}`;

export function useSalesDetail(id: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.sales.one(id),
      queryFn: ({ signal }) => apiGet(one(id), (c) => c.AdminSalesDetail, { signal }),
    }),
  );
}

/** Writing, sending, revising and voiding; every change refreshes the list and the detail shown. */
export function useSalesEditor() {
  const queryClient = useQueryClient();
  const onSuccess = (detail: AdminSalesDetail | unknown) => {
    if (detail && typeof detail === "object" && "_id" in detail) {
      queryClient.setQueryData(queryKeys.sales.one((detail as AdminSalesDetail)._id), detail);
    }
    return queryClient.invalidateQueries({ queryKey: queryKeys.sales.all });
  };
  const post = (name: "send" | "revise" | "void") => (id: string) =>
    apiPost(`${one(id)}/${name}`, (c) => c.AdminSalesDetail, {});
  return {
    create: useMutation({
      mutationFn: (body: SalesDraftBody) => apiPost("/admin/sales", (c) => c.AdminSalesDetail, body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: SalesDraftBody }) =>
        apiPut(one(id), (c) => c.AdminSalesDetail, body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiDelete(one(id), (c) => c.DeleteResult),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sales.all }),
    }),
    send: useMutation({ mutationFn: post("send"), onSuccess }),
    revise: useMutation({ mutationFn: post("revise"), onSuccess }),
    void: useMutation({ mutationFn: post("void"), onSuccess }),
  };
}
