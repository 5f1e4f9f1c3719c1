import { CheckoutPlan, IdParams, PricingList, Service } from "@agency/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client.js";
import { type Precompressed, sendPrecompressed } from "../../plugins/compression.js";
import { notFoundResponse } from "../../plugins/openapi.js";
import { getCheckoutPlan } from "./addons.js";
import * as catalog from "./service.js";

const json = "application/json; charset=utf-8";

/** A list's document, sent in the same turn when it is in memory (most requests). */
function sendDocument(
  reply: FastifyReply,
  document: Precompressed | Promise<Precompressed>,
): undefined | Promise<undefined> {
  const send = (ready: Precompressed) => {
    sendPrecompressed(reply.header("cache-control", "no-cache"), ready, json);
    return undefined;
  };
  return document instanceof Promise ? document.then(send) : send(document);
}

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // The lists go out as they were serialised and compressed at the last catalog change (with
  // their validator, so a browser that has them gets a 304); nothing is compressed per request.
  app.get(
    "/services",
    {
      config: { access: "public" },
      compress: false,
      decompress: false,
      schema: { tags: ["catalog"], summary: "List the services", response: { 200: z.array(Service) } },
    },
    (_request, reply) => sendDocument(reply, catalog.servicesDocument(db)),
  );

  app.get(
    "/pricing",
    {
      config: { access: "public" },
      compress: false,
      decompress: false,
      schema: {
        tags: ["catalog"],
        summary: "List the pricing plans (monthly and yearly)",
        response: { 200: PricingList },
      },
    },
    (_request, reply) => sendDocument(reply, catalog.plansDocument(db)),
  );

  app.get(
    "/pricing/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["catalog"],
        summary: "One pricing plan with its add-ons, as the checkout needs it",
        params: IdParams,
        response: { 200: CheckoutPlan, ...notFoundResponse },
      },
    },
    (request) => getCheckoutPlan(db, request.params.id),
  );
};
