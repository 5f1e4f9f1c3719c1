import type { Blog, BlogBody, BlogEntry } from "@agency/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

function getBlogs({ signal }: { signal?: AbortSignal } = {}): Promise<Blog[]> {
  return apiGet("/blogs", (c) => c.BlogList, { signal });
}

function blogsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.blogs, queryFn: ({ signal }) => getBlogs({ signal }) });
}

export function useBlogs() {
  return useQuery(blogsQueryOptions());
}

/** The posts as written, for the editor (admin). */
export function useBlogEntries() {
  return useQuery({
    queryKey: queryKeys.blogEntries,
    queryFn: ({ signal }): Promise<BlogEntry[]> => apiGet("/admin/blogs", (c) => c.BlogEntryList, { signal }),
  });
}

/** Writes of the blog editor (admin); the public blog list shares their key and refreshes with them. */
export function useBlogEditor() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.blogs });
  return {
    create: useMutation({
      mutationFn: (body: BlogBody) => apiPost("/blogs", (c) => c.BlogSaved, body),
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: BlogBody }) =>
        apiPut(`/blogs/${encodeURIComponent(id)}`, (c) => c.BlogUpdated, body),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiDelete(`/blogs/${encodeURIComponent(id)}`, (c) => c.DeleteResult),
      onSettled: refresh,
    }),
  };
}
