import { createRequire } from "node:module";
import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";

export function redactTokens(url: string): string {
  return url
    .replace(/([?&](?:token|code|state)=)[^&#]*/gi, "$1[redacted]")
    .replace(/(\/reset-password\/)[^/?#]+/, "$1[redacted]");
}

/**
 * Fastify's logger for the configured level; request lines never carry one-time tokens. One JSON
 * object a line (for a log collector), except in development with a terminal attached, where
 * pino-pretty prints readable lines. pino-pretty is a development dependency: an install without
 * them (`npm ci --omit=dev`) logs JSON even in development rather than failing to start.
 */
export function loggerOptions(
  config: Config,
  terminal: boolean = Boolean(process.stdout.isTTY),
  prettyInstalled: boolean = isInstalled("pino-pretty"),
): FastifyServerOptions["logger"] {
  if (config.logLevel === "silent") return false;
  const pretty = config.env === "development" && terminal && prettyInstalled;
  return {
    level: config.logLevel,
    ...(pretty
      ? {
          transport: {
            target: "pino-pretty",
            options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" },
          },
        }
      : {}),
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

function isInstalled(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}
