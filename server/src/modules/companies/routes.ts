import {
  Company,
  CompanyDetailsBody,
  CompanyExport,
  CompanyInvitation,
  CompanyInvitationBody,
  CompanyInvitationList,
  CompanyInvitationLookup,
  CompanyInvitationToken,
  CompanyPersonRoleBody,
  IdParams,
  JoinedCompany,
  ModifiedCount,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountRateLimitKey, requireUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { onDomainEvent } from "../../events.js";
import type { MailBrandSource } from "../../mail/layout.js";
import { exportCompanyData, sendCompanyExport } from "./export.js";
import {
  acceptCompanyInvitation,
  inviteColleague,
  listCompanyInvitations,
  lookUpCompanyInvitation,
  resendCompanyInvitation,
  revokeCompanyInvitation,
} from "./invitations.js";
import { companyOfCaller, saveCompanyDetails } from "./page.js";
import { changeColleagueRole, removeColleague } from "./people.js";

const refused = refusals(400, 401, 403, 404, 409);
const user = { access: "user" as const };

type Options = {
  db: Database;
  /** The shop's name for the invitation mail. */
  brand: MailBrandSource;
  /** The public invitation look-up's limit per client address (the sign-in calls' limit). */
  publicRateLimit: { max: number; timeWindow: number };
};
const tags = ["companies"];

/** A client's own company: its details and people (docs/decisions/028). */
export const companyRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, brand, publicRateLimit }) => {
  // A person's company is part of their session, and the visibility rule reads it from there: when
  // their first order or payment makes them a company of one (in the orders' or sales'
  // transaction), this instance forgets the sessions it kept, so the order is theirs at once.
  const stopListening = onDomainEvent("company.created", async () => app.sessionCache.clear());
  app.addHook("onClose", async () => stopListening());

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

  app.get(
    "/company/export",
    {
      // A company's export reads every one of its orders: a few a minute per account is plenty.
      config: {
        access: "user",
        rateLimit: { max: 5, timeWindow: 60_000, keyGenerator: accountRateLimitKey },
      },
      schema: {
        tags,
        summary:
          "Everything kept about the caller's company (its Admins only), as a JSON document: details, people, orders with their threads, money and documents",
        response: { 200: CompanyExport, ...refusals(401, 403, 404, 429) },
      },
    },
    async (request, reply) =>
      sendCompanyExport(reply, await exportCompanyData(db, await requireUser(request))),
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

  app.patch(
    "/company/people/:id",
    {
      config: user,
      schema: {
        tags,
        summary:
          "Give a colleague another client role (its Admins only; the company keeps at least one Admin)",
        params: IdParams,
        body: CompanyPersonRoleBody,
        response: { 200: Company, ...refused },
      },
    },
    async (request) => {
      const company = await changeColleagueRole(
        db,
        await requireUser(request),
        request.params.id,
        request.body.role,
      );
      // The role is part of the person's session: it counts from their next call.
      app.sessionCache.clear();
      return company;
    },
  );

  app.delete(
    "/company/people/:id",
    {
      config: user,
      schema: {
        tags,
        summary:
          "Remove a person from the company (its Admins only; not its last Admin): they no longer see its orders",
        params: IdParams,
        response: { 200: ModifiedCount, ...refused },
      },
    },
    async (request) => {
      const removed = await removeColleague(db, await requireUser(request), request.params.id);
      // Their session stops carrying the company at once, on this instance.
      app.sessionCache.clear();
      return removed;
    },
  );

  app.get(
    "/company/invitations",
    {
      config: user,
      schema: {
        tags,
        summary: "The company's open invitations of colleagues (its Admins only)",
        response: { 200: CompanyInvitationList, ...refused },
      },
    },
    async (request) => listCompanyInvitations(db, await requireUser(request)),
  );

  app.post(
    "/company/invitations",
    {
      config: user,
      schema: {
        tags,
        summary: "Invite a colleague by e-mail with a client role (its Admins only); the link is mailed",
        body: CompanyInvitationBody,
        response: { 201: CompanyInvitation, ...refused },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteColleague(db, brand, await requireUser(request), request.body)),
  );

  app.post(
    "/company/invitations/:id/resend",
    {
      config: user,
      schema: {
        tags,
        summary: "Send an open invitation again with a new link, for 7 more days",
        params: IdParams,
        response: { 200: CompanyInvitation, ...refused },
      },
    },
    async (request) => resendCompanyInvitation(db, brand, await requireUser(request), request.params.id),
  );

  app.delete(
    "/company/invitations/:id",
    {
      config: user,
      schema: {
        tags,
        summary: "Withdraw an open invitation: its link stops working",
        params: IdParams,
        response: { 200: ModifiedCount, ...refused },
      },
    },
    async (request) => revokeCompanyInvitation(db, await requireUser(request), request.params.id),
  );

  app.get(
    "/company/invitations/lookup",
    {
      config: { access: "public", rateLimit: publicRateLimit },
      schema: {
        tags,
        summary:
          "What a mailed invitation of a colleague offers (404 unknown, 410 used, withdrawn or expired)",
        querystring: CompanyInvitationToken,
        response: { 200: CompanyInvitationLookup, ...refusals(400, 404, 410, 429) },
      },
    },
    async (request) => lookUpCompanyInvitation(db, request.query.token),
  );

  app.post(
    "/company/invitations/accept",
    {
      config: user,
      schema: {
        tags,
        summary: "Join the company the invitation is from, signed in with the invited address",
        body: CompanyInvitationToken,
        response: { 200: JoinedCompany, ...refusals(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => {
      const joined = await acceptCompanyInvitation(db, await requireUser(request), request.body.token);
      // The person's company is part of their session: this instance forgets the old one at once.
      app.sessionCache.clear();
      return joined;
    },
  );
};
