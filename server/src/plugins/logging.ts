import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";

export function redactTokens(url: string): string {
  return url
    .replace(/([?&](?:token|code|state)=)[^&#]*/gi, "$1[redacted]")
    .replace(/(\/reset-password\/)[^/?#]+/, "$1[redacted]");
}

/** Fastify's logger for the configured level; request lines never carry one-time tokens. */
export function loggerOptions(config: Config): FastifyServerOptions["logger"] {
  if (config.logLevel === "silent") return false;
  return {
    level: config.logLevel,
    serializers: {
      // One-time tokens of e-mailed links travel in addresses; logs must not keep them.
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactTokens(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
