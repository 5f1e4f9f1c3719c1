import { IdParams, PricingList, PricingPlan, Service } from "@agency/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client.js";
import { notFoundResponse } from "../../plugins/openapi.js";
import * as catalog from "./service.js";

/**
 * Sends JSON already serialised (to the route's response schema, by the catalog cache): Fastify
 * sends a string with a JSON content type as it is, without the schema's serializer.
 */
function sendSerialized(reply: FastifyReply, json: string) {
  return reply.type("application/json; charset=utf-8").send(json);
}

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/services",
    {
      config: { access: "public" },
      schema: { tags: ["catalog"], summary: "List the services", response: { 200: z.array(Service) } },
    },
    async (_request, reply) => sendSerialized(reply, await catalog.servicesJson(db)),
  );

  app.get(
    "/pricing",
    {
      config: { access: "public" },
      schema: {
        tags: ["catalog"],
        summary: "List the pricing plans (monthly and yearly)",
        response: { 200: PricingList },
      },
    },
    async (_request, reply) => sendSerialized(reply, await catalog.plansJson(db)),
  );

  app.get(
    "/pricing/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["catalog"],
        summary: "One pricing plan, as the checkout needs it",
        params: IdParams,
        response: { 200: PricingPlan, ...notFoundResponse },
      },
    },
    (request) => catalog.getPlan(db, request.params.id),
  );
};
