import { ApiKey, ApiKeyList, CreateApiKeyBody, CreatedApiKey, IdParams } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./service.js";

const refused = refusals(400, 401, 403, 404, 409);
/**
 * Keys are managed by a person signed in: a key that could make keys would outlive its own
 * revocation through the ones it made.
 */
const manage = {
  access: "team" as const,
  permission: "integrations.manage" as const,
  apiKeys: false as const,
};
const tags = ["api keys"];

/** The API keys page: keys other systems call the team's routes with (see auth/api-keys.ts). */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/admin/api-keys",
    {
      config: manage,
      schema: {
        tags,
        summary:
          "Every API key, newest first (never the key itself), why a key no longer works, and the roles the caller may make a key of",
        response: { 200: ApiKeyList, ...refused },
      },
    },
    async (request) => listApiKeys(db, await requireMember(request)),
  );

  app.post(
    "/admin/api-keys",
    {
      config: manage,
      schema: {
        tags,
        summary: "Make an API key with a role's permissions; the answer holds the key, this once",
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKey, ...refused },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(db, await requireMember(request), request.body);
      return reply.status(201).header("cache-control", "no-store").send(created);
    },
  );

  app.post(
    "/admin/api-keys/:id/revoke",
    {
      config: manage,
      schema: {
        tags,
        summary: "Revoke an API key: every call with it is refused from now on",
        params: IdParams,
        response: { 200: ApiKey, ...refused },
      },
    },
    async (request) => {
      const revoked = await revokeApiKey(db, await requireMember(request), request.params.id);
      // Keys are cached for a few seconds like sessions: this instance forgets them at once.
      app.sessionCache.clear();
      return revoked;
    },
  );
};
