import { Overview } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { overviewSource } from "./service.js";

const refused = refusals(401, 403);

/** The owner's Overview: revenue, recurring revenue, orders, customers, leads and top plans. */
export const overviewAdminRoutes: FastifyPluginAsyncZod<{ db: Database; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const overview = overviewSource(db, clock);

  app.get(
    "/admin/overview",
    {
      config: { access: "team", permission: "money.view" },
      schema: {
        tags: ["admin"],
        summary:
          "Revenue by month (UTC), monthly recurring revenue, paid and unpaid orders, new customers, leads by week and top plans",
        response: { 200: Overview, ...refused },
      },
    },
    async (request) => overview(await requireMember(request)),
  );
};
