import { AdminOrderList, AdminOrdersQuery, TeamAssigneeList } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { listAllOrders } from "./admin.js";
import { listAssignees } from "./assignment.js";

const refused = refusals(401, 403, 404);

export const orderAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/orders",
    {
      config: { access: "team", permission: "orders.work" },
      schema: {
        tags: ["admin"],
        summary: "All orders, newest first, a page at a time, with counts of total, paid and unpaid",
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrderList, ...refused },
      },
    },
    async (request) => listAllOrders(db, await requireMember(request), request.query),
  );

  app.get(
    "/team/assignees",
    {
      config: { access: "team", permission: "orders.assign" },
      schema: {
        tags: ["admin"],
        summary: "The members an order may be assigned to: active, with a role that works on orders",
        response: { 200: TeamAssigneeList, ...refused },
      },
    },
    async () => listAssignees(db),
  );
};
