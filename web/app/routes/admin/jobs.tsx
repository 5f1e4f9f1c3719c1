import type { JobEntry } from "@agency/contract";
import { useState } from "react";
import { Button, Table } from "react-bootstrap";
import { FilterButtons } from "../../components/filter-buttons";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { Pager } from "../../components/pager";
import {
  canRetry,
  JOBS_PAGE_SIZE,
  type JobFilter,
  useJobs,
  useRetryJob,
} from "../../features/admin/api/jobs";
import { errorMessage } from "../../lib/api";
import { jobsPage as t } from "../../lib/messages";
import { formatDateTime } from "../../lib/money";
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

function jobTitle(job: JobEntry): string {
  return job.subject ?? t.kinds[job.kind] ?? job.kind;
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
      {jobs.isPending ? (
        <LoadingScreen />
      ) : jobs.isError ? (
        <LoadError message={t.loadFailed} detail={errorMessage(jobs.error)} />
      ) : jobs.data.jobs.length === 0 ? (
        <p className="text-body-secondary">{t.none}</p>
      ) : (
        <>
          {/* Scrolls sideways on narrow screens: focusable, so it scrolls from the keyboard too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
          <section className="table-responsive" tabIndex={0} aria-labelledby="jobs-heading">
            <Table hover className="align-middle bg-white mb-0">
              <thead>
                <tr>
                  <th scope="col">{t.created}</th>
                  <th scope="col">{t.job}</th>
                  <th scope="col">{t.to}</th>
                  <th scope="col">{t.status}</th>
                  <th scope="col">{t.attempts}</th>
                  <th scope="col">{t.lastError}</th>
                  <th scope="col">{t.times}</th>
                  <th scope="col">{t.action}</th>
                </tr>
              </thead>
              <tbody>
                {jobs.data.jobs.map((job) => (
                  <tr key={job._id}>
                    <td className="text-nowrap">{formatDateTime(job.createdAt)}</td>
                    <td className="text-break">{jobTitle(job)}</td>
                    <td className="text-break">{job.to ?? "—"}</td>
                    <td>
                      <span className={`badge ${badges[shownStatus(job)]}`}>
                        {t.statuses[shownStatus(job)]}
                      </span>
                    </td>
                    <td className="text-nowrap">{t.attemptsOf(job.attempts, job.maxAttempts)}</td>
                    <td className="text-break small">{job.lastError ?? "—"}</td>
                    <td className="small">
                      {job.finishedAt
                        ? t.finished(formatDateTime(job.finishedAt))
                        : t.nextRun(formatDateTime(job.runAt))}
                    </td>
                    <td>
                      {canRetry(job) ? (
                        <Button
                          size="sm"
                          variant="outline-primary"
                          aria-label={t.retryFor(jobTitle(job))}
                          disabled={retry.isPending && retry.variables === job._id}
                          onClick={() => onRetry(job)}
                        >
                          {t.retry}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </section>
          <Pager
            page={page}
            pages={Math.ceil(jobs.data.total / JOBS_PAGE_SIZE)}
            onPage={setPage}
            labels={t}
          />
        </>
      )}
    </section>
  );
}
