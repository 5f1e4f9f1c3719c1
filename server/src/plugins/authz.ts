import { apiKeyMessages, type Permission } from "@agency/contract";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { requirePermission } from "../auth/permissions.js";
import { hasBearerToken, requireUser } from "../auth/session.js";
import { AppError } from "../errors.js";

/**
 * Who may call a route. Every /api route must say so; see the onRoute check below. "team" is a
 * member of the agency's team whose role has the route's `permission` ("any" for every member),
 * signed in or calling with an API key of such a role (unless the route says `apiKeys: false`);
 * "user" is a person signed in (an API key is refused); "operator" is a monitoring system holding
 * the operator token (METRICS_TOKEN) as a bearer token, not an account.
 */
type Access = "public" | "user" | "team" | "operator";

/** What the access test reads: the access, and a team route's permission ("team:catalog.edit"). */
export type DeclaredAccess = Exclude<Access, "team"> | `team:${Permission | "any"}`;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** A team route's permission; "any" lets every member of the team call it. */
    permission?: Permission | "any";
    /** False on a team route only a person may call (managing API keys): keys are refused (403). */
    apiKeys?: false;
  }
  interface FastifyInstance {
    /** "METHOD /api/path" → who may call it, for every API route (the access test reads it). */
    routeAccess: Map<string, DeclaredAccess>;
  }
}

/**
 * Access is declared on each route (`config: { access }`) and enforced here before the request
 * is parsed, so a route cannot be added without a decision; a handler that needs the caller gets it
 * from requireUser/requireMember (the session lookup is cached per request).
 */
export const authzPlugin = fp(async (app: FastifyInstance, options: { operatorToken?: string }) => {
  app.decorate("routeAccess", new Map<string, DeclaredAccess>());
  // Before the body is parsed or validated: a stranger learns nothing about what a call expects.
  // Each route that needs a caller gets its check as its first route hook; a public one has none,
  // so a public read does no per-request work for it.
  const guards: Partial<Record<Access, onRequestHookHandler>> = {
    user: async (request) => void (await requireUser(request)),
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
        `Route ${route.method} ${route.url} must declare config.access ("public", "user", "team" or "operator").`,
      );
    }
    if (!access) return;
    const permission = route.config?.permission;
    if ((access === "team") !== Boolean(permission)) {
      throw new Error(
        `Route ${route.method} ${route.url}: a "team" route, and only one, names its permission.`,
      );
    }
    const peopleOnly = route.config?.apiKeys === false;
    const guard: onRequestHookHandler | undefined = permission
      ? async (request) => {
          const caller = await requirePermission(request, permission === "any" ? null : permission);
          if (peopleOnly && caller.apiKey) throw new AppError("forbidden", apiKeyMessages.peopleOnly);
        }
      : guards[access];
    if (guard) route.onRequest = [guard, ...(route.onRequest ? [route.onRequest].flat() : [])];
    if (!isApi) return;
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== "HEAD") {
        app.routeAccess.set(
          `${method} ${route.url}`,
          permission ? `team:${permission}` : (access as DeclaredAccess),
        );
      }
    }
  });
});
