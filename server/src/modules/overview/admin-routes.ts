import { Overview } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { sendPrecompressed } from "../../plugins/compression.js";
import { overviewSource } from "./service.js";

const refused = refusals(401, 403);

/** The owner's Overview: revenue, recurring revenue, orders, customers, leads and top plans. */
export const overviewAdminRoutes: FastifyPluginAsyncZod<{ db: Database; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const overview = overviewSource(db, clock);
  const json = "application/json; charset=utf-8";

  app.get(
    "/admin/overview",
    {
      config: { access: "team", permission: "money.view" },
      // Sent as it was serialised and compressed when its figures last changed (service.ts).
      compress: false,
      schema: {
        tags: ["admin"],
        summary:
          "Revenue by month (UTC), monthly recurring revenue, paid and unpaid orders, new customers, leads by week and top plans",
        response: { 200: Overview, ...refused },
      },
    },
    async (request, reply) => {
      const document = await overview(await requireMember(request));
      return sendPrecompressed(reply.header("cache-control", "private, no-cache"), document, json);
    },
  );
};
