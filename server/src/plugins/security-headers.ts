import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config.js";
import { stripeSources, withGoogleMapsSources, withSources } from "./google-maps-csp.js";

/** The Content-Security-Policy directives: our own origin, plus Stripe and Google Maps when configured. */
function cspDirectives(config: Pick<Config, "payments" | "googleMapsApiKey">) {
  return withSources(
    config.payments.provider === "stripe" ? stripeSources : {},
    withGoogleMapsSources(Boolean(config.googleMapsApiKey), {
      defaultSrc: ["'self'"],
      // No inline scripts: the few React Router writes into a page are allowed by their hashes,
      // worked out when the page is rendered (see `withScriptHashes`).
      scriptSrc: ["'self'"],
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

/**
 * The policy for one rendered page: its own inline scripts (React Router's hydration data and
 * module loader) allowed by their SHA-256, so a script that HTML injection adds would not run.
 */
export function withScriptHashes(policy: string, scripts: string[]): string {
  if (scripts.length === 0) return policy;
  const hashes = [
    ...new Set(scripts.map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`)),
  ];
  return policy
    .split(";")
    .map((directive) =>
      directive.trim().startsWith("script-src ") ? `${directive} ${hashes.join(" ")}` : directive,
    )
    .join(";");
}

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The text of every inline script of a page, as the browser hashes it. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(inlineScript)]
    .filter(([, attributes]) => !/\ssrc\s*=/i.test(` ${attributes}`))
    .map(([, , text]) => text ?? "");
}

/**
 * The headers of a JSON answer (OWASP's REST Security Cheat Sheet): nothing in it may run, load or
 * be framed, its type is not sniffed, and the transport rules stay. The document-only headers of
 * the pages (their script and style sources, COOP, Origin-Agent-Cluster, DNS prefetching, IE's
 * download and XSS switches) mean nothing to a JSON body, and each costs every answer its bytes.
 */
function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    "strict-transport-security",
    "x-content-type-options",
    "referrer-policy",
    "cross-origin-resource-policy",
  ];
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-frame-options": "DENY",
    ...Object.fromEntries(kept.flatMap((name) => (pageHeaders[name] ? [[name, pageHeaders[name]]] : []))),
  };
}

/** Whether a request is for the JSON API (its documentation pages excepted: they are pages). */
function isApiCall(url: string): boolean {
  return url.startsWith("/api/") && !url.startsWith("/api/docs");
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(headers);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiCall(request.url) ? apiHeaders : headers);
    done();
  });
}
