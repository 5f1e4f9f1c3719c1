import { IdParams, isId, JobEntry, JobList, JobsQuery } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sightOf } from "../../auth/order-access.js";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { notFound, refusals } from "../../errors.js";
import { describeJob, type JobFacts, lookUpJobFacts } from "../../jobs/labels.js";
import { type JobRow, jobCounts, listJobs, retryJob } from "../../jobs/queue.js";

const refused = refusals(401, 403, 404);

/**
 * Labels that quote what a customer wrote or sent (a mail's subject, an upload's name): a role that
 * does not see customers gets the kind of work instead.
 */
const plainLabels: Record<string, string> = {
  "mail.send": "E-mail",
  "file.discard-unattached": "Removal of an unused upload",
};

/** A job as the list shows it; without `contact` (customers.view), no recipient and nothing a customer wrote. */
function toEntry(row: JobRow, facts: JobFacts, contact: boolean): JobEntry {
  const payload = row.payload as { subject?: unknown };
  const described = describeJob(row, facts);
  return {
    _id: row.id,
    kind: row.kind,
    label: contact ? described.label : (plainLabels[row.kind] ?? described.label),
    status: row.status,
    retrying: row.status === "queued" && row.attempts > 0,
    to: contact ? described.to : null,
    subject: contact && typeof payload.subject === "string" ? payload.subject : null,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    runAt: row.runAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The admin's view of mail and other background work, and its retry button. */
export const jobAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/admin/jobs",
    {
      config: { access: "team", permission: "shop.operate" },
      schema: {
        tags: ["admin"],
        summary: "Mail and other background jobs, newest first, with counts per status",
        querystring: JobsQuery,
        response: { 200: JobList, ...refused },
      },
    },
    async (request) => {
      const caller = await requireMember(request);
      const { contact } = sightOf(caller, null);
      const { status, page, size } = request.query;
      const [{ rows, total }, counts] = await Promise.all([
        listJobs(db, { status, limit: size, offset: page * size }),
        jobCounts(db),
      ]);
      const facts = await lookUpJobFacts(db, rows);
      return { jobs: rows.map((row) => toEntry(row, facts, contact)), total, counts };
    },
  );

  app.post(
    "/admin/jobs/:id/retry",
    {
      config: { access: "team", permission: "shop.operate" },
      schema: {
        tags: ["admin"],
        summary: "Run a failed or waiting job again now",
        params: IdParams,
        response: { 200: JobEntry, ...refused },
      },
    },
    async (request) => {
      const caller = await requireMember(request);
      if (!isId(request.params.id)) throw notFound("The job");
      const row = await retryJob(db, request.params.id);
      if (!row) throw notFound("The job");
      return toEntry(row, await lookUpJobFacts(db, [row]), sightOf(caller, null).contact);
    },
  );
};
