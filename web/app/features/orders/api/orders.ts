import type { CreateOrderBody, OrderStateFilter, PromoQuoteBody } from "@agency/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPost } from "../../../lib/api";
import { type PagePosition, positionQuery } from "../../../lib/page-position";
import { queryKeys } from "../../../lib/query-keys";

export const ORDERS_PAGE_SIZE = 20;

/** All Orders narrowed to a state, to the caller's or unassigned orders, or to what a search finds. */
export type OrderFilter = { state?: OrderStateFilter; assignee?: "me" | "none"; search?: string };

/** SPEC §7 GET /pricing/{id}: the plan being checked out. */
export function planQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.pricing.plan(id),
    queryFn: () => apiGet(`/pricing/${encodeURIComponent(id)}`, (c) => c.PricingPlan),
  });
}

export function usePlan(id: string) {
  return useQuery(planQueryOptions(id));
}

/** What paying for the plan now charges today and at each renewal, from the server. */
export function usePlanTerms(id: string) {
  return useQuery({
    queryKey: queryKeys.pricing.terms(id),
    queryFn: () => apiGet(`/pricing/${encodeURIComponent(id)}/terms`, (c) => c.RenewalTerms),
  });
}

/** The same for an unpaid order, at the price it was placed at and with its code. */
export function useOrderTerms(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.orders.terms(id),
    queryFn: () => apiGet(`/order/${encodeURIComponent(id)}/terms`, (c) => c.RenewalTerms),
    enabled,
  });
}

export function myOrdersQueryOptions(email: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.orders.mine(email),
    queryFn: () => apiGet(`/order?email=${encodeURIComponent(email ?? "")}`, (c) => c.OrderList),
    enabled: Boolean(email),
  });
}

export function useMyOrders(email: string | undefined) {
  return useQuery(myOrdersQueryOptions(email));
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderBody) => apiPost("/order", (c) => c.CreateOrderResponse, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/order/${encodeURIComponent(id)}`, (c) => c.DeleteResult),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

/** SPEC §7 GET /dashboard/payment/{id}. */
export function paymentOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.orders.one(id),
    queryFn: () => apiGet(`/dashboard/payment/${encodeURIComponent(id)}`, (c) => c.Order),
  });
}

export function usePaymentOrder(id: string) {
  return useQuery(paymentOrderQueryOptions(id));
}

/** All Orders (admin), from a position of the pager, narrowed by state or a search when asked. */
export function useAllOrders(position: PagePosition, filter: OrderFilter = {}) {
  const narrowed = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  const start = `${positionQuery(position)}${narrowed ? `&${narrowed}` : ""}`;
  return useQuery(
    queryOptions({
      queryKey: queryKeys.orders.adminPage(position.page, start),
      queryFn: () => apiGet(`/orders?${start}&size=${ORDERS_PAGE_SIZE}`, (c) => c.AdminOrderList),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The checkout's Apply: what a promo code takes off the plan (the order counts it). */
export function useQuotePromo() {
  return useMutation({
    mutationFn: (body: PromoQuoteBody) => apiPost("/promo/quote", (c) => c.PromoQuote, body),
  });
}
