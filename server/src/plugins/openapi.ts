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

/** OpenAPI generated from the contract's zod schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Agency shop API",
        description:
          "Catalog, accounts, orders, payments, reviews, blogs and leads of the agency shop. Another system calls the team's routes with an API key from the dashboard's API keys page: `Authorization: Bearer ak_live_…`.",
        version: "1.0.0",
      },
      servers: [{ url: `${publicUrl}` }],
      components: { securitySchemes },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
