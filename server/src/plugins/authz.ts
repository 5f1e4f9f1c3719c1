import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.js";
import { toWebHeaders } from "./auth.js";
import { sessionCredential } from "./session-cache.js";

/**
 * Who may call a route. Every /api route must say so; see the onRoute check below. "operator" is
 * a monitoring system holding the operator token (METRICS_TOKEN) as a bearer token, not an account.
 */
export type Access = "public" | "user" | "admin" | "operator";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** "METHOD /api/path" → who may call it, for every API route (the access test reads it). */
    routeAccess: Map<string, Access>;
  }
}

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: string | null;
  emailVerified: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
};

export type SignedIn = { user: SessionUser; session: { id: string; token: string; expiresAt: Date } };

const sessions = new WeakMap<FastifyRequest, Promise<SignedIn | null>>();

/**
 * The caller's session (cookie or bearer token), looked up once per request, and kept for a few
 * seconds by the credential that proved it (see `SessionCache`). No credential, no lookup.
 */
export function getSignedIn(request: FastifyRequest): Promise<SignedIn | null> {
  let pending = sessions.get(request);
  if (!pending) {
    const credential = sessionCredential(request);
    pending = credential
      ? request.server.sessionCache.read(credential, () =>
          request.server.auth.api
            .getSession({ headers: toWebHeaders(request) })
            .then((result) => (result ? (result as unknown as SignedIn) : null)),
        )
      : Promise.resolve(null);
    sessions.set(request, pending);
  }
  return pending;
}

export async function requireSession(request: FastifyRequest): Promise<SignedIn> {
  const signedIn = await getSignedIn(request);
  if (!signedIn) throw new AppError("unauthorized", "Please log in to continue.");
  return signedIn;
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  return (await requireSession(request)).user;
}

export function isAdmin(user: SessionUser): boolean {
  return user.role === "admin";
}

export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw new AppError("forbidden", "This needs an admin account.");
  return user;
}

/**
 * A rate-limit key per account (per address when signed out, which the access check then refuses),
 * so customers behind one address do not share a budget.
 */
export async function accountRateLimitKey(request: FastifyRequest): Promise<string> {
  const signedIn = await getSignedIn(request);
  return signedIn ? `user:${signedIn.user.id}` : `ip:${request.ip}`;
}

/**
 * Access is declared on each route (`config: { access }`) and enforced here before the request
 * is parsed, so a route cannot be added without a decision; handlers still call requireUser/requireAdmin
 * to get the caller (the session lookup is cached per request).
 */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Whether the request carries `Authorization: Bearer <token>` for this token (compared in constant time). */
export function hasBearerToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith("Bearer ")) return false;
  return timingSafeEqual(digest(header.slice("Bearer ".length).trim()), digest(token));
}

export const authzPlugin = fp(async (app: FastifyInstance, options: { operatorToken?: string }) => {
  app.decorate("routeAccess", new Map<string, Access>());
  // Before the body is parsed or validated: a stranger learns nothing about what a call expects.
  // Each route that needs a caller gets its check as its first route hook; a public one has none,
  // so a public read does no per-request work for it.
  const guards: Partial<Record<Access, onRequestHookHandler>> = {
    user: async (request) => void (await requireUser(request)),
    admin: async (request) => void (await requireAdmin(request)),
    operator: async (request) => {
      if (!hasBearerToken(request, options.operatorToken)) {
        throw new AppError("unauthorized", "This needs the operator token as a bearer token.");
      }
    },
  };
  app.addHook("onRoute", (route) => {
    const isApi = route.url.startsWith("/api/") && !route.url.startsWith("/api/docs");
    const access = route.config?.access;
    if (isApi && !access) {
      throw new Error(
        `Route ${route.method} ${route.url} must declare config.access ("public", "user", "admin" or "operator").`,
      );
    }
    if (!access) return;
    const guard = guards[access];
    if (guard) route.onRequest = [guard, ...(route.onRequest ? [route.onRequest].flat() : [])];
    if (!isApi) return;
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== "HEAD") app.routeAccess.set(`${method} ${route.url}`, access);
    }
  });
});
