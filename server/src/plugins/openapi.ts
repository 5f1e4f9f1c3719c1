import { ErrorResponse, webhookEventLabels, webhookEventSchemaId, webhookEventTypes } from "@agency/contract";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

export const notFoundResponse = { 404: ErrorResponse } as const;

/**
 * An upload route reads its one file itself (no body schema, so nothing validates a stream it has
 * not read yet); the document still says what it takes, so clients and the route walker see it.
 */
const uploadBody = {
  type: "object",
  properties: { file: { type: "string", format: "binary" } },
  required: ["file"],
};

/**
 * How a call proves who makes it: a person's session (the cookie the sign-in sets), or an API key
 * (team routes only, unless a route says otherwise: see plugins/authz.ts).
 */
const securitySchemes = {
  session: { type: "apiKey", in: "cookie", name: "agency.session_token" },
  apiKey: {
    type: "http",
    scheme: "bearer",
    description:
      "An API key made on the dashboard's API keys page (ak_live_…), acting with its role's permissions on the team's routes.",
  },
} as const;

type Security = { [scheme: string]: readonly string[] }[];

function securityOf(config: { access?: string; apiKeys?: false } | undefined): Security | undefined {
  if (config?.access === "user") return [{ session: [] }];
  if (config?.access !== "team") return undefined;
  return config.apiKeys === false ? [{ session: [] }] : [{ session: [] }, { apiKey: [] }];
}

const transform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const security = securityOf(input.route?.config as { access?: string; apiKeys?: false } | undefined);
  const schema = security ? { ...output.schema, security } : output.schema;
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  if (!consumes.includes("multipart/form-data") || schema.body) return { ...output, schema };
  return { ...output, schema: { ...schema, body: uploadBody } };
};

const signatureHeaders = (
  [
    ["webhook-id", "The event's id, the same on every attempt and resend of it: drop duplicates by it."],
    ["webhook-timestamp", "When this attempt was signed, in seconds since 1970 (UTC)."],
    [
      "webhook-signature",
      'Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>", keyed by the base64-decoded part of the endpoint\'s secret after "whsec_".',
    ],
  ] as const
).map(([name, description]) => ({
  name,
  in: "header" as const,
  required: true,
  description,
  schema: { type: "string" as const },
}));

/**
 * What the shop POSTs to a webhook endpoint, one entry per event, each body's schema from the
 * contract. Every event is signed as Standard Webhooks says; any 2xx answer within 10 s counts.
 */
function webhookDocs() {
  return Object.fromEntries(
    webhookEventTypes.map((type) => [
      type,
      {
        post: {
          summary: webhookEventLabels[type],
          tags: ["webhooks"],
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: { $ref: `#/components/schemas/${webhookEventSchemaId(type)}` } },
            },
          },
          responses: { "2XX": { description: "Received; any other answer (or none in time) is retried" } },
        },
      },
    ]),
  );
}

/** OpenAPI generated from the contract's zod schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      // 3.1: the document's `webhooks` say what the shop sends to the owner's endpoints.
      openapi: "3.1.0",
      info: {
        title: "Agency shop API",
        description:
          "Catalog, accounts, orders, payments, reviews, blogs and leads of the agency shop. Another system calls the team's routes with an API key from the dashboard's API keys page: `Authorization: Bearer ak_live_…`.",
        version: "1.0.0",
      },
      servers: [{ url: `${publicUrl}` }],
      webhooks: webhookDocs(),
      components: { securitySchemes },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
