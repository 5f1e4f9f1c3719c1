import type { JobEntry } from "@agency/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { type DataColumn, DataList } from "../../components/data-list";
import { FilterButtons } from "../../components/filter-buttons";
import { Pager } from "../../components/pager";
import { QueryView } from "../../components/query-view";
import { canRetry, JOBS_PAGE_SIZE, type JobFilter, useJobs, useRetryJob } from "../../features/jobs/api/jobs";
import { errorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { jobsPage as t } from "../../lib/messages";
import { notifyError, notifySuccess } from "../../lib/toast";

const filters: (JobFilter | "all")[] = ["all", "queued", "running", "retrying", "done", "dead"];

const badges: Record<JobFilter, string> = {
  queued: "text-bg-secondary",
  running: "text-bg-info",
  retrying: "text-bg-warning",
  done: "text-bg-success",
  dead: "text-bg-danger",
};

function shownStatus(job: JobEntry): JobFilter {
  return job.retrying ? "retrying" : job.status;
}

/** What the shop's background worker did and is doing: mails above all, with a retry for failures. */
export default function Jobs() {
  const [filter, setFilter] = useState<JobFilter | "all">("all");
  const [page, setPage] = useState(0);
  const jobs = useJobs(filter === "all" ? undefined : filter, page);
  const retry = useRetryJob();
  const counts = jobs.data?.counts;

  async function onRetry(job: JobEntry) {
    try {
      await retry.mutateAsync(job._id);
      notifySuccess(t.retried, "job-retry");
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  const columns: DataColumn<JobEntry>[] = [
    { header: t.created, cell: (job) => formatDateTime(job.createdAt) },
    { header: t.job, cell: (job) => job.label, className: "text-break" },
    { header: t.to, cell: (job) => job.to ?? "—", className: "text-break" },
    {
      header: t.status,
      cell: (job) => (
        <span className={`badge ${badges[shownStatus(job)]}`}>{t.statuses[shownStatus(job)]}</span>
      ),
    },
    {
      header: t.attempts,
      cell: (job) => t.attemptsOf(job.attempts, job.maxAttempts),
      className: "text-nowrap",
    },
    {
      header: t.lastError,
      cell: (job) => job.lastError ?? "—",
      long: true,
      className: "text-prose-cell small",
    },
    {
      header: t.times,
      cell: (job) =>
        job.finishedAt ? t.finished(formatDateTime(job.finishedAt)) : t.nextRun(formatDateTime(job.runAt)),
      className: "small",
    },
    {
      header: t.action,
      cell: (job) =>
        canRetry(job) ? (
          <Button
            size="sm"
            variant="outline-primary"
            aria-label={t.retryFor(job.label)}
            disabled={retry.isPending && retry.variables === job._id}
            onClick={() => onRetry(job)}
          >
            {t.retry}
          </Button>
        ) : null,
    },
  ];

  const options = filters.map((value) => {
    const label = value === "all" ? t.all : t.statuses[value];
    if (!counts) return { value, label };
    const count =
      value === "all" ? counts.queued + counts.running + counts.done + counts.dead : counts[value];
    return { value, label: t.withCount(label, count) };
  });

  return (
    <section aria-labelledby="jobs-heading">
      <div className="d-flex flex-wrap gap-3 align-items-start justify-content-between mb-3">
        <div>
          <h1 id="jobs-heading" className="h4 mb-1">
            {t.heading}
          </h1>
          <p className="text-body-secondary mb-0">{t.lead}</p>
        </div>
        <Button variant="outline-primary" onClick={() => jobs.refetch()} disabled={jobs.isFetching}>
          {t.refresh}
        </Button>
      </div>
      <FilterButtons
        legend={t.filter}
        options={options}
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPage(0);
        }}
      />
      <QueryView
        query={jobs}
        failed={t.loadFailed}
        empty={<p className="text-body-secondary">{t.none}</p>}
        isEmpty={(list) => list.jobs.length === 0}
      >
        {(list) => (
          <>
            <DataList
              labelledBy="jobs-heading"
              columns={columns}
              rows={list.jobs}
              rowKey={(job) => job._id}
            />
            <Pager page={page} pages={Math.ceil(list.total / JOBS_PAGE_SIZE)} onPage={setPage} labels={t} />
          </>
        )}
      </QueryView>
    </section>
  );
}
