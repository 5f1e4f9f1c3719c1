import { Health } from "@agency/contract";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../db/client.js";

/** GET /api/health: the process answers and the database runs a query. */
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
};
