import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors.js";
import { sessionCookieOf } from "./session-cache.js";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(address: string): string | undefined {
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}

/**
 * A browser sends the signed-in visitor's cookie with requests that other pages start: a page on
 * another port of the same host counts as the same site for SameSite=Lax. So a call that changes
 * something and rides on the session cookie must come from the shop's own pages: its Origin is
 * one of the shop's (the ones Better Auth trusts for /api/auth/*, which checks its own), and a
 * browser that says the request is cross-site is refused. Calls with no Origin and no
 * Sec-Fetch-Site (curl, other servers) and calls that prove themselves with a bearer token alone
 * are not a browser borrowing a cookie, so they pass.
 */
export function registerSameOriginCheck(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins.map(originOf).filter((origin) => origin !== undefined));
  const refusal = () =>
    new AppError("forbidden", "This request came from another site; make it from the shop's own pages.");
  // A plain (not async) hook: the reads it lets through, most requests, cost no promise.
  app.addHook("onRequest", (request, _reply, done) => {
    done(crossSite(request) ? refusal() : undefined);
  });
  function crossSite(request: FastifyRequest): boolean {
    if (safeMethods.has(request.method)) return false;
    const pathname = request.url.split("?")[0] ?? "";
    if (!pathname.startsWith("/api/") || pathname.startsWith("/api/auth/")) return false;
    // The session cookie, not a bearer token, is what a page on another site could borrow.
    if (!sessionCookieOf(request)) return false;
    const origin = request.headers.origin;
    if (origin !== undefined) return !trusted.has(origin);
    const site = request.headers["sec-fetch-site"];
    return site === "cross-site" || site === "same-site";
  }
}
