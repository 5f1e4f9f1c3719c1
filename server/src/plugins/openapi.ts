import { ErrorResponse } from "@agency/contract";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

export const notFoundResponse = { 404: ErrorResponse } as const;

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
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
