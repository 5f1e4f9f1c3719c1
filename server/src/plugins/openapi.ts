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

const transform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  if (!consumes.includes("multipart/form-data") || output.schema.body) return output;
  return { ...output, schema: { ...output.schema, body: uploadBody } };
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
        description: "Catalog, accounts, orders, payments, reviews, blogs and leads of the agency shop.",
        version: "1.0.0",
      },
      servers: [{ url: `${publicUrl}` }],
      webhooks: webhookDocs(),
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
