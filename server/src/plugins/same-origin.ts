import type { FastifyInstance, FastifyRequest } from "fastify";
import { sessionCookieOf } from "../auth/session-cache.js";
import { AppError } from "../errors.js";

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
  const fromOwnPages = ownPagesCheck(trustedOrigins);
  // A plain (not async) hook: the reads it lets through, most requests, cost no promise.
  app.addHook("onRequest", (request, _reply, done) => {
    if (safeMethods.has(request.method)) return done();
    const pathname = request.url.split("?")[0] ?? "";
    if (!pathname.startsWith("/api/") || pathname.startsWith("/api/auth/")) return done();
    // The session cookie, not a bearer token, is what a page on another site could borrow.
    if (!sessionCookieOf(request)) return done();
    try {
      fromOwnPages(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/**
 * Throws the refusal when a browser says the request came from another site: an Origin that is
 * not one of the shop's (a "null" one included), or, without an Origin, a cross-site or same-site
 * Sec-Fetch-Site. A request with neither header is not a browser's, and passes.
 */
function ownPagesCheck(trustedOrigins: string[]): (request: FastifyRequest) => void {
  const trusted = new Set(trustedOrigins.map(originOf).filter((origin) => origin !== undefined));
  return (request) => {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!trusted.has(origin)) throw crossSiteRefusal();
      return;
    }
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site" || site === "same-site") throw crossSiteRefusal();
  };
}

/**
 * The check for a form a browser posts to a page itself (no script involved). Under the site's
 * Referrer-Policy (no-referrer, helmet's default) the browser sends "Origin: null" with such a post
 * even to its own site; then Sec-Fetch-Site, which no page can set, must say "same-origin".
 */
export function formPostCheck(trustedOrigins: string[]): (request: FastifyRequest) => void {
  const fromOwnPages = ownPagesCheck(trustedOrigins);
  return (request) => {
    if (request.headers.origin === "null" && request.headers["sec-fetch-site"] === "same-origin") return;
    fromOwnPages(request);
  };
}

export const crossSiteMessage = "This request came from another site; make it from the shop's own pages.";

function crossSiteRefusal() {
  return new AppError("forbidden", crossSiteMessage);
}
