import type { CreateOrderBody, OrderStateFilter, PromoQuoteBody } from "@agency/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPost } from "../../../lib/api";
import { type PagePosition, positionQuery } from "../../../lib/page-position";
import { queryKeys } from "../../../lib/query-keys";

export const ORDERS_PAGE_SIZE = 20;

/** All Orders narrowed to a state, to the caller's or unassigned orders, or to what a search finds. */
export type OrderFilter = {
  state?: OrderStateFilter;
  assignee?: "me" | "none";
  search?: string;
  /** One client company's orders (from the company's page). */
  companyId?: string;
};

/** SPEC §7 GET /pricing/{id}: the plan being checked out, with the add-ons it offers. */
function planQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.pricing.plan(id),
    queryFn: () => apiGet(`/pricing/${encodeURIComponent(id)}`, (c) => c.CheckoutPlan),
  });
}

export function usePlan(id: string) {
  return useQuery(planQueryOptions(id));
}

/**
 * What paying for the plan with the add-ons ticked now charges today and at each renewal, from
 * the server; the last answer stays shown while a new choice is asked about.
 */
export function usePlanTerms(id: string, addonIds: readonly string[] = []) {
  const query = addonIds.length > 0 ? `?addonIds=${addonIds.map(encodeURIComponent).join(",")}` : "";
  return useQuery({
    queryKey: queryKeys.pricing.terms(id, addonIds),
    queryFn: () => apiGet(`/pricing/${encodeURIComponent(id)}/terms${query}`, (c) => c.RenewalTerms),
    placeholderData: keepPreviousData,
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

function myOrdersQueryOptions(email: string | undefined) {
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
function paymentOrderQueryOptions(id: string) {
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

/**
 * What a promo code takes off the plan with the add-ons ticked (the order counts it): asked when
 * the code is applied, and again whenever the add-ons ticked change.
 */
export function promoQuoteOptions(body: Required<PromoQuoteBody>) {
  return queryOptions({
    queryKey: queryKeys.pricing.promo(body.planId, body.code, body.addonIds),
    queryFn: () => apiPost("/promo/quote", (c) => c.PromoQuote, body),
    retry: false,
  });
}

/** The applied code's quote for the add-ons ticked now (the previous one stays shown meanwhile). */
export function usePromoQuote(planId: string, code: string | null, addonIds: string[]) {
  return useQuery({
    ...promoQuoteOptions({ planId, code: code ?? "", addonIds }),
    enabled: code !== null,
    placeholderData: keepPreviousData,
  });
}
