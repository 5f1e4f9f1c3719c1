import { EmailParams, ModifiedCount, UserList, UserListQuery } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { teamActorOf } from "../audit/index.js";
import { setAdminRole } from "../team/index.js";
import { listUsers } from "./admin.js";

const refused = refusals(401, 403, 404, 409);

/** SPEC §7 admin calls on users; every one needs the admin role, and role changes are audited. */
export const userAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/users",
    {
      config: { access: "team", permission: "customers.view" },
      schema: {
        tags: ["admin"],
        summary: "All user accounts, newest first, a page at a time",
        querystring: UserListQuery,
        response: { 200: UserList, ...refused },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  for (const [path, admin] of [
    ["/user/admin/:email", true],
    ["/user/remove-admin/:email", false],
  ] as const) {
    app.put(
      path,
      {
        config: { access: "team", permission: "team.manage" },
        schema: {
          tags: ["admin"],
          summary: admin
            ? "Make an account admin (the owner only)"
            : "Remove an account's admin access (an Admin's: the owner only)",
          params: EmailParams,
          response: { 200: ModifiedCount, ...refused },
        },
      },
      async (request) => {
        const actor = await requireMember(request);
        const result = await setAdminRole(db, teamActorOf(actor), request.params.email, admin, actor);
        // The account's sessions carry its role: look them up again.
        app.sessionCache.clear();
        return result;
      },
    );
  }
};
