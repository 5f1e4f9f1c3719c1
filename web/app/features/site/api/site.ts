import type { SiteSettings } from "@agency/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

function getSiteSettings({ signal }: { signal?: AbortSignal } = {}): Promise<SiteSettings> {
  return apiGet("/site", (c) => c.SiteSettings, { signal });
}

function siteSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.siteSettings,
    queryFn: ({ signal }) => getSiteSettings({ signal }),
    // The server's settings change only with a restart.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}
