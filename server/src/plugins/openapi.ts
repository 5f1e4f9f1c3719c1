import { ErrorResponse } from "@agency/contract";
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

/** OpenAPI generated from the contract's zod schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Agency shop API",
        description: "Catalog, accounts, orders, payments, reviews, blogs and leads of the agency shop.",
        version: "1.0.0",
      },
      servers: [{ url: `${publicUrl}` }],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
