import type { SiteSettings } from "@agency/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function getSiteSettings({ signal }: { signal?: AbortSignal } = {}): Promise<SiteSettings> {
  return apiGet("/site", (c) => c.SiteSettings, { signal });
}

export function getSiteSettingsQueryOptions() {
  return queryOptions({
    queryKey: ["site-settings"],
    queryFn: ({ signal }) => getSiteSettings({ signal }),
    // The server's settings change only with a restart.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSiteSettings() {
  return useQuery(getSiteSettingsQueryOptions());
}
