import { apiKeyMessages } from "@agency/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type ApiKeyRecord, loadApiKey } from "../auth/api-keys.js";
import type { Auth } from "../auth/auth.js";
import { refuseApiKey, toWebHeaders } from "../auth/session.js";
import { SessionCache } from "../auth/session-cache.js";
import type { SignInLimits } from "../auth/sign-in-limits.js";
import { type TeamTwoFactorPolicy, teamTwoFactorPolicy } from "../auth/two-factor-policy.js";
import type { Database } from "../db/client.js";
import type { AppError } from "../errors.js";
import { controlCharacterRefusal } from "./validation.js";

declare module "fastify" {
  interface FastifyInstance {
    auth: Auth;
    sessionCache: SessionCache;
    /** An API key's record by its hash, from the database (see auth/api-keys.ts). */
    loadApiKey: (keyHash: string) => Promise<ApiKeyRecord | null>;
    /** Whether the owner requires two-factor sign-in of the team (see auth/two-factor-policy.ts). */
    teamTwoFactor: TeamTwoFactorPolicy;
  }
}

/** The address a password sign-in is for, when its body names one. */
function signInEmail(
  request: FastifyRequest,
  pathname: string,
  body: string | undefined,
): string | undefined {
  if (request.method !== "POST" || pathname !== "/api/auth/sign-in/email" || !body) return undefined;
  try {
    const { email } = JSON.parse(body) as { email?: unknown };
    return typeof email === "string" && email.trim() !== "" ? email : undefined;
  } catch {
    return undefined;
  }
}

/** A body as Better Auth reads it: JSON, or a form an OAuth provider posts back. */
function bodyFields(request: FastifyRequest, body: string): unknown {
  if (request.headers["content-type"]?.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(body));
  }
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Better Auth's routes keep the API's rule for text (see validation.ts): a path, query or body
 * whose strings carry control characters is refused with a 400 naming the field, before Better
 * Auth (and the database, whose failure it would print with the statement) sees it.
 */
function textRefusal(request: FastifyRequest, body: string | undefined): AppError | undefined {
  const path = (request.params as { "*"?: string })["*"];
  return (
    controlCharacterRefusal({ path }, "params") ??
    controlCharacterRefusal(request.query, "querystring") ??
    (body ? controlCharacterRefusal(bodyFields(request, body), "body") : undefined)
  );
}

/**
 * Mounts Better Auth at /api/auth/* and makes the instance available to the guards, with the
 * lookup of API keys.
 */
export const authPlugin = fp<{ auth: Auth; db: Database; publicUrl: string; signInLimits: SignInLimits }>(
  async (app: FastifyInstance, { auth, db, publicUrl, signInLimits }) => {
    app.decorate("auth", auth);
    app.decorate("sessionCache", new SessionCache());
    app.decorate("loadApiKey", (keyHash: string) => loadApiKey(db, keyHash));
    app.decorate("teamTwoFactor", teamTwoFactorPolicy(db));

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
          // Signing in and out, the session and the profile are a person's: never an API key's.
          await refuseApiKey(request, apiKeyMessages.peopleOnly);
          const url = new URL(request.url, publicUrl);
          const body = typeof request.body === "string" && request.body.length > 0 ? request.body : undefined;
          const refusal = textRefusal(request, body);
          if (refusal) throw refusal;
          const email = signInEmail(request, url.pathname, body);
          if (email) {
            const wait = await signInLimits.waitSeconds(request.ip, email);
            if (wait > 0) {
              return reply
                .status(429)
                .header("retry-after", String(wait))
                .send({
                  code: "TOO_MANY_ATTEMPTS",
                  message: `Too many attempts. Try again in ${wait} seconds.`,
                });
            }
          }
          const response = await auth.handler(
            new Request(url, { method: request.method, headers: toWebHeaders(request), body }),
          );
          if (email && response.status === 401) await signInLimits.failed(request.ip, email);
          if (email && response.ok) await signInLimits.succeeded(request.ip, email);
          // Anything but reading the session may end or change one (sign-out, new password,
          // confirmed address, profile): the sessions verified so far are looked up again.
          if (!url.pathname.endsWith("/get-session")) app.sessionCache.clear();
          reply.status(response.status);
          for (const [name, value] of response.headers) {
            if (name !== "set-cookie") reply.header(name, value);
          }
          // Better Auth names the wait X-Retry-After; browsers and clients read the standard header.
          const retryAfter = response.headers.get("x-retry-after");
          if (response.status === 429 && retryAfter) reply.header("retry-after", retryAfter);
          const cookies = response.headers.getSetCookie();
          if (cookies.length > 0) reply.header("set-cookie", cookies);
          return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
        },
      });
    });
  },
);
