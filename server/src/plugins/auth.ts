import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type Auth, CLIENT_IP_HEADER } from "../auth/auth.js";
import { SessionCache } from "./session-cache.js";

declare module "fastify" {
  interface FastifyInstance {
    auth: Auth;
    sessionCache: SessionCache;
  }
}

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.toLowerCase() === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Mounts Better Auth at /api/auth/* and makes the instance available to the guards. */
export const authPlugin = fp<{ auth: Auth; publicUrl: string }>(
  async (app: FastifyInstance, { auth, publicUrl }) => {
    app.decorate("auth", auth);
    app.decorate("sessionCache", new SessionCache());

    await app.register(async (scope) => {
      // Better Auth reads the body itself (JSON, or form posts from OAuth providers): pass it on as sent.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));

      scope.route({
        method: ["GET", "POST"],
        url: "/api/auth/*",
        schema: { hide: true },
        config: { access: "public" },
        async handler(request, reply) {
          const url = new URL(request.url, publicUrl);
          const body = typeof request.body === "string" && request.body.length > 0 ? request.body : undefined;
          const response = await auth.handler(
            new Request(url, { method: request.method, headers: toWebHeaders(request), body }),
          );
          // Anything but reading the session may end or change one (sign-out, new password,
          // confirmed address, profile): the sessions verified so far are looked up again.
          if (!url.pathname.endsWith("/get-session")) app.sessionCache.clear();
          reply.status(response.status);
          for (const [name, value] of response.headers) {
            if (name !== "set-cookie") reply.header(name, value);
          }
          const cookies = response.headers.getSetCookie();
          if (cookies.length > 0) reply.header("set-cookie", cookies);
          return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
        },
      });
    });
  },
);
