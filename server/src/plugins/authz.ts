import type { FastifyInstance, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { hasBearerToken, requireAdmin, requireUser } from "../auth/session.js";
import { AppError } from "../errors.js";

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

/**
 * Access is declared on each route (`config: { access }`) and enforced here before the request
 * is parsed, so a route cannot be added without a decision; handlers still call requireUser/requireAdmin
 * to get the caller (the session lookup is cached per request).
 */
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
