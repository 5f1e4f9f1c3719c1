import { Board, BoardQuery } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { boardOf } from "./service.js";

const refused = refusals(400, 401, 403);

/** The team's work board; a card moves with the order's state change (POST /admin/orders/{id}/state). */
export const boardRoutes: FastifyPluginAsyncZod<{ db: Database; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    "/admin/board",
    {
      config: { access: "team", permission: "orders.work" },
      schema: {
        tags: ["admin"],
        summary:
          "The work board: orders submitted, in progress, delivered and completed in the last 7 days, each column the 30 most urgent (or newest) with its count",
        querystring: BoardQuery,
        response: { 200: Board, ...refused },
      },
    },
    async (request) => boardOf(db, clock, await requireMember(request), request.query),
  );
};
