import {
  AdminCompaniesQuery,
  AdminCompanyDetail,
  AdminCompanyList,
  CompanyInvitation,
  CompanyInvitationBody,
  IdParams,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import type { MailBrandSource } from "../../mail/layout.js";
import { type CompanyRevenue, companyForAgency, listCompanies } from "./admin.js";
import { inviteContactOfCompany } from "./invitations.js";

const refused = refusals(400, 401, 403, 404, 409);
const customers = { access: "team" as const, permission: "customers.view" as const };
const tags = ["admin"];

type Options = {
  db: Database;
  brand: MailBrandSource;
  clock: Clock;
  /** Billing's sum of a company's payments less refunds (the app wires it: billing reads companies too). */
  revenue: CompanyRevenue;
};

/** The agency's Companies page: its clients, their people, orders and documents (docs/decisions/028). */
export const companyAdminRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, brand, clock, revenue },
) => {
  app.get(
    "/admin/companies",
    {
      config: customers,
      schema: {
        tags,
        summary:
          "Client companies by name, a page at a time; searched by name, billing e-mail, a person's e-mail or VAT ID",
        querystring: AdminCompaniesQuery,
        response: { 200: AdminCompanyList, ...refused },
      },
    },
    async (request) => listCompanies(db, await requireMember(request), request.query),
  );

  app.get(
    "/admin/companies/:id",
    {
      config: customers,
      schema: {
        tags,
        summary:
          "A client company: details, people, latest orders the caller may see, open quotes and invoices, and its revenue (with money.view)",
        params: IdParams,
        response: { 200: AdminCompanyDetail, ...refused },
      },
    },
    async (request) =>
      companyForAgency(db, revenue, await requireMember(request), request.params.id, clock.now()),
  );

  app.post(
    "/admin/companies/:id/invitations",
    {
      config: customers,
      schema: {
        tags,
        summary: "Add a contact to a client company: mails them the company's invitation with a client role",
        params: IdParams,
        body: CompanyInvitationBody,
        response: { 201: CompanyInvitation, ...refused },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await inviteContactOfCompany(
            db,
            brand,
            await requireMember(request),
            request.params.id,
            request.body,
          ),
        ),
  );
};
