import type { BlogBody, LeadKind } from "@agency/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPost, apiPut } from "../../../lib/api";

export const ORDERS_PAGE_SIZE = 20;
export const LEADS_PAGE_SIZE = 25;

/**
 * Where a page of All Orders starts: the first page, or next to a page already shown, through
 * the cursor the list gave (a page a million orders deep is then as quick as the first).
 */
export type OrdersPosition = { page: number; from?: { after: string } | { before: string } };

export function useAllOrders({ page, from }: OrdersPosition) {
  const start = from ? new URLSearchParams(from).toString() : "page=0";
  return useQuery(
    queryOptions({
      queryKey: ["all-orders", page, start],
      queryFn: () => apiGet(`/orders?${start}&size=${ORDERS_PAGE_SIZE}`, (c) => c.AdminOrderList),
      placeholderData: keepPreviousData,
    }),
  );
}

export function usePaymentDetails(orderId: string) {
  return useQuery(
    queryOptions({
      queryKey: ["admin-payment", orderId],
      queryFn: () => apiGet(`/admin/payment/${encodeURIComponent(orderId)}`, (c) => c.AdminPaymentDetails),
    }),
  );
}

export function useLeads(kind: LeadKind | undefined, page: number) {
  const filter = kind ? `&kind=${kind}` : "";
  return useQuery(
    queryOptions({
      queryKey: ["leads", kind ?? "all", page],
      queryFn: () => apiGet(`/admin/leads?page=${page}&size=${LEADS_PAGE_SIZE}${filter}`, (c) => c.LeadList),
      placeholderData: keepPreviousData,
    }),
  );
}

/** Writes of the blog editor; the public blog list shares the "blogs" key and refreshes with them. */
export function useBlogEditor() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["blogs"] });
  return {
    create: useMutation({
      mutationFn: (body: BlogBody) => apiPost("/blogs", (c) => c.InsertedId, body),
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: BlogBody }) =>
        apiPut(`/blogs/${encodeURIComponent(id)}`, (c) => c.ModifiedCount, body),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiDelete(`/blogs/${encodeURIComponent(id)}`, (c) => c.DeleteResult),
      onSettled: refresh,
    }),
  };
}
