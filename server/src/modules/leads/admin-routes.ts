import { LeadList, LeadsCsvQuery, LeadsQuery } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { auditActorOf } from "../audit/index.js";
import { recordExport, sendCsv } from "../exports/index.js";
import { leadsCsv, listLeads } from "./admin.js";

const refused = refusals(401, 403);

/** DESIGN "Beyond the spec" 6: admins see the leads the public forms stored, and can export them. */
export const leadAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/admin/leads",
    {
      config: { access: "team", permission: "customers.view" },
      schema: {
        tags: ["admin"],
        summary: "Stored contact messages, query-form requests and newsletter sign-ups, newest first",
        querystring: LeadsQuery,
        response: { 200: LeadList, ...refused },
      },
    },
    async (request) => listLeads(db, request.query),
  );

  app.get(
    "/admin/leads.csv",
    {
      config: { access: "team", permission: "customers.view" },
      schema: {
        tags: ["admin"],
        summary: "The same leads as a CSV file",
        querystring: LeadsCsvQuery,
        response: { 200: z.string(), ...refused },
      },
    },
    async (request, reply) => {
      const actor = auditActorOf(await requireMember(request));
      const kind = request.query.kind;
      await recordExport(db, actor, "export.leads", "leads", { kind: kind ?? "all" });
      return sendCsv(reply, `leads-${kind ?? "all"}`, leadsCsv(db, kind));
    },
  );
};
