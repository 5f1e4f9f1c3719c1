import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config.js";
import { stripeSources, withGoogleMapsSources, withSources } from "./google-maps-csp.js";

/** The Content-Security-Policy directives: our own origin, plus Stripe and Google Maps when configured. */
export function cspDirectives(config: Pick<Config, "payments" | "googleMapsApiKey">) {
  return withSources(
    config.payments.provider === "stripe" ? stripeSources : {},
    withGoogleMapsSources(Boolean(config.googleMapsApiKey), {
      defaultSrc: ["'self'"],
      // React Router's prerendered pages hydrate through an inline module script.
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Plain-HTTP installs (a LAN address, no TLS yet) must still load their own assets.
      upgradeInsecureRequests: null,
    }),
  );
}

/**
 * Helmet's headers, worked out once: nothing in them depends on the request, so running helmet
 * (and serializing the CSP) for every response would only repeat the same work.
 */
export function securityHeaders(
  config: Pick<Config, "payments" | "googleMapsApiKey">,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  helmet({ contentSecurityPolicy: { directives: cspDirectives(config) }, crossOriginEmbedderPolicy: false })(
    {} as IncomingMessage,
    collector,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = securityHeaders(config);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
