import { Company, CompanyDetailsBody } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { companyOfCaller, saveCompanyDetails } from "./page.js";

const refused = refusals(400, 401, 403, 404);
const tags = ["companies"];

/** A client's own company: its details and people (docs/decisions/028). */
export const companyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/company",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary:
          "The caller's client company: its details, its people with their client roles, and the caller's role",
        response: { 200: Company, ...refused },
      },
    },
    async (request) => companyOfCaller(db, await requireUser(request)),
  );

  app.put(
    "/company",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Give the company's name, address, VAT or tax ID and billing e-mail (its Admins only)",
        body: CompanyDetailsBody,
        response: { 200: Company, ...refused },
      },
    },
    async (request) => saveCompanyDetails(db, await requireUser(request), request.body),
  );
};
