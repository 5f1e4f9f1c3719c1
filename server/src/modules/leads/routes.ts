import {
  ContactMessageBody,
  ErrorResponse,
  LeadStored,
  NewsletterConfirmBody,
  NewsletterConfirmResult,
  NewsletterSignUpBody,
  QueryRequestBody,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client.js";
import * as leads from "./service.js";

type Options = { db: Database; rateLimitPerMinute: number; secret: string };

/** Public forms that store what visitors type: limited per client so a script cannot flood them. */
export const leadRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, rateLimitPerMinute, secret }) => {
  const rateLimit = { max: rateLimitPerMinute, timeWindow: "1 minute" };
  const responses = { 201: LeadStored, 400: ErrorResponse, 429: ErrorResponse };

  app.post(
    "/leads/contact",
    {
      config: { access: "public", rateLimit },
      schema: {
        tags: ["leads"],
        summary: "Send a message from the contact page",
        body: ContactMessageBody,
        response: responses,
      },
    },
    async (request, reply) => reply.status(201).send(await leads.storeContactMessage(db, request.body)),
  );

  app.post(
    "/leads/query",
    {
      config: { access: "public", rateLimit },
      schema: {
        tags: ["leads"],
        summary: "Ask about a website from the landing page's query form",
        body: QueryRequestBody,
        response: responses,
      },
    },
    async (request, reply) => reply.status(201).send(await leads.storeQueryRequest(db, request.body)),
  );

  app.post(
    "/newsletter",
    {
      config: { access: "public", rateLimit },
      schema: {
        tags: ["leads"],
        summary: "Sign up for the newsletter (signing up again keeps one subscription)",
        body: NewsletterSignUpBody,
        response: responses,
      },
    },
    async (request, reply) => reply.status(201).send(await leads.signUpForNewsletter(db, request.body)),
  );

  app.post(
    "/newsletter/confirm",
    {
      config: { access: "public", rateLimit },
      schema: {
        tags: ["leads"],
        summary: "Confirm a newsletter sign-up with the mailed link's token",
        body: NewsletterConfirmBody,
        response: {
          200: NewsletterConfirmResult,
          400: ErrorResponse,
          404: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) => ({
      confirmed: true as const,
      ...(await leads.confirmNewsletter(db, secret, request.body.token)),
    }),
  );
};
