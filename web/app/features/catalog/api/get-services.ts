import type { Service } from "@agency/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function getServices({ signal }: { signal?: AbortSignal } = {}): Promise<Service[]> {
  return apiGet("/services", (c) => c.ServiceList, { signal });
}

export function getServicesQueryOptions() {
  return queryOptions({ queryKey: ["services"], queryFn: ({ signal }) => getServices({ signal }) });
}

export function useServices() {
  return useQuery(getServicesQueryOptions());
}
