import type { BillingDuration, PricingPlan, Service } from "@agency/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

function getServices({ signal }: { signal?: AbortSignal } = {}): Promise<Service[]> {
  return apiGet("/services", (c) => c.ServiceList, { signal });
}

function servicesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.services, queryFn: ({ signal }) => getServices({ signal }) });
}

export function useServices() {
  return useQuery(servicesQueryOptions());
}

function getPricing({ signal }: { signal?: AbortSignal } = {}): Promise<PricingPlan[]> {
  return apiGet("/pricing", (c) => c.PricingList, { signal });
}

function pricingQueryOptions() {
  return queryOptions({ queryKey: queryKeys.pricing.all, queryFn: ({ signal }) => getPricing({ signal }) });
}

// SPEC §7: the server returns every plan; the client filters by billing duration.
export function usePricing({ duration }: { duration?: BillingDuration } = {}) {
  return useQuery({
    ...pricingQueryOptions(),
    select: duration ? (plans) => plans.filter((plan) => plan.duration === duration) : undefined,
  });
}
