import type { PageTexts, SiteContent, SiteIdentity } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

export function getSiteContent({ signal }: { signal?: AbortSignal } = {}): Promise<SiteContent> {
  return apiGet("/site/content", (c) => c.SiteContent, { signal });
}

export function siteContentQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.siteContent,
    queryFn: ({ signal }) => getSiteContent({ signal }),
  });
}

export function useSiteContent() {
  return useQuery(siteContentQueryOptions());
}

/** The content editor's saves (admin); each answers the new content, which the cache takes at once. */
export function useContentEditor() {
  const queryClient = useQueryClient();
  const keep = (content: SiteContent) => queryClient.setQueryData(queryKeys.siteContent, content);
  return {
    identity: useMutation({
      mutationFn: (identity: SiteIdentity) => apiPut("/admin/site/identity", (c) => c.SiteContent, identity),
      onSuccess: keep,
    }),
    texts: useMutation({
      mutationFn: (texts: PageTexts) => apiPut("/admin/site/texts", (c) => c.SiteContent, texts),
      onSuccess: keep,
    }),
  };
}
