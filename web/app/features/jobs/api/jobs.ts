import type { JobEntry, JobsQuery } from "@agency/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

export const JOBS_PAGE_SIZE = 20;
export type JobFilter = NonNullable<JobsQuery["status"]>;

export function useJobs(status: JobFilter | undefined, page: number) {
  const query = new URLSearchParams({ page: String(page), size: String(JOBS_PAGE_SIZE) });
  if (status) query.set("status", status);
  return useQuery(
    queryOptions({
      queryKey: queryKeys.jobs.page(status ?? "all", page),
      queryFn: () => apiGet(`/admin/jobs?${query}`, (c) => c.JobList),
      placeholderData: keepPreviousData,
      // The queue moves on its own: what was queued a minute ago is usually done now.
      staleTime: 0,
    }),
  );
}

/** Runs a failed (or waiting) job again now; every page of the list and its counts refresh. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost(`/admin/jobs/${encodeURIComponent(id)}/retry`, (c) => c.JobEntry),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
  });
}

/** Dead jobs, and waiting ones that failed before, can be run again at once. */
export function canRetry(job: JobEntry): boolean {
  return job.status === "dead" || job.retrying;
}
