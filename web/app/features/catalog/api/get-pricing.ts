import type { BillingDuration, PricingPlan } from "@agency/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function getPricing({ signal }: { signal?: AbortSignal } = {}): Promise<PricingPlan[]> {
  return apiGet("/pricing", (c) => c.PricingList, { signal });
}

export function getPricingQueryOptions() {
  return queryOptions({
    queryKey: ["pricing"],
    queryFn: ({ signal }) => getPricing({ signal }),
  });
}

// SPEC §7: the server returns every plan; the client filters by billing duration.
export function usePricing({ duration }: { duration?: BillingDuration } = {}) {
  return useQuery({
    ...getPricingQueryOptions(),
    select: duration ? (plans) => plans.filter((plan) => plan.duration === duration) : undefined,
  });
}
