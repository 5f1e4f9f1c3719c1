import { IdParams, PricingList, PricingPlan, Service } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client.js";
import { notFoundResponse } from "../../plugins/openapi.js";
import * as catalog from "./service.js";

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/services",
    {
      config: { access: "public" },
      schema: { tags: ["catalog"], summary: "List the services", response: { 200: z.array(Service) } },
    },
    () => catalog.listServices(db),
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
    () => catalog.listPlans(db),
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
