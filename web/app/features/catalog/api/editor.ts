import type {
  AddonBody,
  CreatePlanBody,
  PlanDetailsBody,
  PlanPriceBody,
  ServiceBody,
} from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

const id = (value: string) => encodeURIComponent(value);

export function useAllServices() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.catalogEditor.services,
      queryFn: ({ signal }) => apiGet("/admin/catalog/services", (c) => c.AdminServiceList, { signal }),
    }),
  );
}

export function useAllPlans() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.catalogEditor.plans,
      queryFn: ({ signal }) => apiGet("/admin/catalog/plans", (c) => c.AdminPlanList, { signal }),
    }),
  );
}

/** The editor's writes; the public lists share their keys' prefixes and refresh with them. */
export function useServiceEditor() {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.catalogEditor.services }),
      queryClient.invalidateQueries({ queryKey: queryKeys.services }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: ServiceBody) => apiPost("/admin/catalog/services", (c) => c.InsertedId, body),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ serviceId, body }: { serviceId: string; body: ServiceBody }) =>
        apiPut(`/admin/catalog/services/${id(serviceId)}`, (c) => c.AdminService, body),
      onSettled,
    }),
    archive: useMutation({
      mutationFn: ({ serviceId, archived }: { serviceId: string; archived: boolean }) =>
        apiPost(
          `/admin/catalog/services/${id(serviceId)}/${archived ? "archive" : "restore"}`,
          (c) => c.AdminService,
          {},
        ),
      onSettled,
    }),
    reorder: useMutation({
      mutationFn: (ids: string[]) =>
        apiPut("/admin/catalog/services-order", (c) => c.AdminServiceList, { ids }),
      onSettled,
    }),
  };
}

export function usePlanEditor() {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.catalogEditor.plans }),
      queryClient.invalidateQueries({ queryKey: queryKeys.pricing.all }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: CreatePlanBody) => apiPost("/admin/catalog/plans", (c) => c.InsertedId, body),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ planId, body }: { planId: string; body: PlanDetailsBody }) =>
        apiPut(`/admin/catalog/plans/${id(planId)}`, (c) => c.AdminPlan, body),
      onSettled,
    }),
    price: useMutation({
      mutationFn: ({ planId, body }: { planId: string; body: PlanPriceBody }) =>
        apiPut(`/admin/catalog/plans/${id(planId)}/price`, (c) => c.PlanPriceChange, body),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (planId: string) => apiDelete(`/admin/catalog/plans/${id(planId)}`, (c) => c.PlanRemoval),
      onSettled,
    }),
    restore: useMutation({
      mutationFn: (planId: string) =>
        apiPost(`/admin/catalog/plans/${id(planId)}/restore`, (c) => c.AdminPlan, {}),
      onSettled,
    }),
    reorder: useMutation({
      mutationFn: (ids: string[]) => apiPut("/admin/catalog/plans-order", (c) => c.AdminPlanList, { ids }),
      onSettled,
    }),
  };
}

/** A plan's add-ons: added, edited, reordered, removed; the checkout's plan refreshes with them. */
export function useAddonEditor() {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.catalogEditor.plans }),
      queryClient.invalidateQueries({ queryKey: queryKeys.pricing.all }),
    ]);
  return {
    create: useMutation({
      mutationFn: ({ planId, body }: { planId: string; body: AddonBody }) =>
        apiPost(`/admin/catalog/plans/${id(planId)}/addons`, (c) => c.PlanAddon, body),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ addonId, body }: { addonId: string; body: AddonBody }) =>
        apiPut(`/admin/catalog/addons/${id(addonId)}`, (c) => c.PlanAddon, body),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (addonId: string) =>
        apiDelete(`/admin/catalog/addons/${id(addonId)}`, (c) => c.DeleteResult),
      onSettled,
    }),
    reorder: useMutation({
      mutationFn: ({ planId, ids }: { planId: string; ids: string[] }) =>
        apiPut(`/admin/catalog/plans/${id(planId)}/addons-order`, (c) => c.AddonList, { ids }),
      onSettled,
    }),
  };
}
