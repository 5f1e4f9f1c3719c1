import { AuditList, AuditQuery, AuditVerification } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { listAudit } from "./list.js";
import { verifyAuditChain } from "./verify.js";

const refused = refusals(400, 401, 403);

/** DESIGN "Beyond the spec" 10: admins read the audit log and check that nobody rewrote it. */
export const auditAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/admin/audit",
    {
      config: { access: "team", permission: "audit.view" },
      schema: {
        tags: ["admin"],
        summary:
          "The audit log (roles, prices, plans, refunds, order states, deletions, exports), newest first",
        querystring: AuditQuery,
        response: { 200: AuditList, ...refused },
      },
    },
    async (request) => listAudit(db, await requireMember(request), request.query),
  );

  app.get(
    "/admin/audit/verify",
    {
      config: { access: "team", permission: "audit.view" },
      schema: {
        tags: ["admin"],
        summary: "Check the audit log's hash chain: whether any entry was changed, removed or inserted",
        response: { 200: AuditVerification, ...refused },
      },
    },
    async () => verifyAuditChain(db),
  );
};
