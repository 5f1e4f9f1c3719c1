import {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointBody,
  DeleteResult,
  IdParams,
  UpdateWebhookEndpointBody,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import type { AddressRules } from "./addresses.js";
import { listDeliveries, resendDelivery } from "./deliveries.js";
import { createEndpoint, deleteEndpoint, listEndpoints, updateEndpoint } from "./endpoints.js";

const refused = refusals(400, 401, 403, 404, 409);
const owner = { access: "team" as const, permission: "integrations.manage" as const };
const tags = ["webhooks"];

/** The owner's webhooks and chat notices: endpoints, their deliveries, and "Resend". */
export const webhookRoutes: FastifyPluginAsyncZod<{ db: Database; rules: AddressRules }> = async (
  app,
  { db, rules },
) => {
  app.get(
    "/admin/webhooks",
    {
      config: owner,
      schema: {
        tags,
        summary: "Webhook and chat endpoints, oldest first",
        response: { 200: WebhookEndpointList, ...refused },
      },
    },
    async () => ({ endpoints: await listEndpoints(db) }),
  );

  app.post(
    "/admin/webhooks",
    {
      config: owner,
      schema: {
        tags,
        summary: "Add an endpoint; a webhook's signing secret is in this answer only",
        body: CreateWebhookEndpointBody,
        response: { 201: CreatedWebhookEndpoint, ...refused },
      },
    },
    async (request, reply) => {
      const caller = await requireMember(request);
      return reply.status(201).send(await createEndpoint(db, rules, caller, request.body));
    },
  );

  app.put(
    "/admin/webhooks/:id",
    {
      config: owner,
      schema: {
        tags,
        summary: "Change an endpoint's address, description or events, or turn it off or on",
        params: IdParams,
        body: UpdateWebhookEndpointBody,
        response: { 200: WebhookEndpoint, ...refused },
      },
    },
    async (request) => {
      const caller = await requireMember(request);
      return updateEndpoint(db, rules, caller, request.params.id, request.body);
    },
  );

  app.delete(
    "/admin/webhooks/:id",
    {
      config: owner,
      schema: {
        tags,
        summary: "Remove an endpoint and its deliveries",
        params: IdParams,
        response: { 200: DeleteResult, ...refused },
      },
    },
    async (request) => {
      const caller = await requireMember(request);
      await deleteEndpoint(db, caller, request.params.id);
      return { deletedCount: 1 };
    },
  );

  app.get(
    "/admin/webhooks/:id/deliveries",
    {
      config: owner,
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first: status, response code, duration and time",
        params: IdParams,
        querystring: WebhookDeliveriesQuery,
        response: { 200: WebhookDeliveryList, ...refused },
      },
    },
    async (request) => listDeliveries(db, request.params.id, request.query),
  );

  app.post(
    "/admin/webhook-deliveries/:id/resend",
    {
      config: owner,
      schema: {
        tags,
        summary: "Send a delivery's event again (same event id), as a new delivery",
        params: IdParams,
        response: { 200: WebhookDelivery, ...refused },
      },
    },
    async (request) => resendDelivery(db, request.params.id),
  );
};
