import type { Blog } from "@agency/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function getBlogs({ signal }: { signal?: AbortSignal } = {}): Promise<Blog[]> {
  return apiGet("/blogs", (c) => c.BlogList, { signal });
}

export function getBlogsQueryOptions() {
  return queryOptions({ queryKey: ["blogs"], queryFn: ({ signal }) => getBlogs({ signal }) });
}

export function useBlogs() {
  return useQuery(getBlogsQueryOptions());
}
