import { type ErrorCode, type ErrorResponse, errorStatus } from "@agency/contract";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../errors.js";
import { loggedError } from "./logging.js";

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorResponse {
  return { error: fields ? { code, message, fields } : { code, message } };
}

function codeForStatus(status: number): ErrorCode {
  const match = Object.entries(errorStatus).find(([, value]) => value === status);
  return (match?.[0] as ErrorCode | undefined) ?? (status >= 500 ? "internal" : "bad_request");
}

/** One place maps every failure to the error shape; 5xx answers never carry internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(errorStatus[error.code]).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key =
          issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || error.validationContext || "request";
        fields[key] ??= issue.message ?? "is not valid";
      }
      const first = Object.entries(fields)[0];
      const message = first ? `Invalid ${first[0]}: ${first[1]}` : "The request is not valid.";
      return reply.status(400).send(body("bad_request", message, fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: loggedError(error) }, "request failed");
      return reply.status(500).send(body("internal", "Something went wrong on our side. Please try again."));
    }
    if (status === 429) {
      return reply
        .status(429)
        .send(body("rate_limited", "Too many requests. Please wait a moment and try again."));
    }
    return reply.status(status).send(body(codeForStatus(status), error.message));
  });
}
