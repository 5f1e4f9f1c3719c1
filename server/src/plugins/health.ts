import { Health, Readiness } from "@agency/contract";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../db/client.js";
import { jobs } from "../db/schema.js";

function failure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * GET /api/health: liveness (the process answers and the database runs a query).
 * GET /api/ready: readiness for a load balancer: the database answers and the job queue's table
 * can be read; otherwise 503 and which of them failed.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: { tags: ["system"], summary: "Liveness and database check", response: { 200: Health } },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { status: "ok" as const, database: "ok" as const };
    },
  );

  app.get(
    "/ready",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary: "Readiness: database and job queue reachable",
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        request.log.warn({ err: error }, "not ready: database unreachable");
        return reply.code(503).send({
          status: "unavailable",
          database: "unreachable",
          jobQueue: "unreachable",
          reason: `database: ${failure(error)}`,
        });
      }
      try {
        await db.select({ id: jobs.id }).from(jobs).limit(1);
      } catch (error) {
        request.log.warn({ err: error }, "not ready: job queue unreachable");
        return reply.code(503).send({
          status: "unavailable",
          database: "ok",
          jobQueue: "unreachable",
          reason: `job queue: ${failure(error)}`,
        });
      }
      return { status: "ready" as const, database: "ok" as const, jobQueue: "ok" as const };
    },
  );
};
