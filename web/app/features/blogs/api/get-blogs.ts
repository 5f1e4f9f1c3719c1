import { type Blog, BlogList } from "@agency/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function getBlogs({ signal }: { signal?: AbortSignal } = {}): Promise<Blog[]> {
  return apiGet("/blogs", BlogList, { signal });
}

export function getBlogsQueryOptions() {
  return queryOptions({ queryKey: ["blogs"], queryFn: ({ signal }) => getBlogs({ signal }) });
}

export function useBlogs() {
  return useQuery(getBlogsQueryOptions());
}
