import type { CreateOrderBody } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPost } from "../../../lib/api";

export function planQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["pricing", id],
    queryFn: () => apiGet(`/pricing/${encodeURIComponent(id)}`, (c) => c.PricingPlan),
  });
}

export function usePlan(id: string) {
  return useQuery(planQueryOptions(id));
}

export function myOrdersQueryOptions(email: string | undefined) {
  return queryOptions({
    queryKey: ["orders", email],
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["orders"] }),
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/order/${encodeURIComponent(id)}`, (c) => c.DeleteResult),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["orders"] }),
  });
}

/** SPEC §7 GET /dashboard/payment/{id}. */
export function paymentOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["order", id],
    queryFn: () => apiGet(`/dashboard/payment/${encodeURIComponent(id)}`, (c) => c.Order),
  });
}

export function usePaymentOrder(id: string) {
  return useQuery(paymentOrderQueryOptions(id));
}
