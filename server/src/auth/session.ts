import { createHash, timingSafeEqual } from "node:crypto";
import { apiKeyMessages } from "@agency/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.js";
import { apiKeyOf, callerOf, hashApiKey } from "./api-keys.js";
import { CLIENT_IP_HEADER } from "./auth.js";
import { sessionCredential } from "./session-cache.js";
import { isTeamMember, type SessionUser, type SignedIn } from "./session-user.js";
import { requireSecondFactorIfAsked } from "./two-factor-policy.js";

/**
 * Who is calling: the signed-in account of a request and the checks routes make on it.
 */
/** The request's headers as Better Auth reads them, with the client address the server saw. */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.toLowerCase() === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export { accountIdOf, isTeamMember, type SessionUser, type SignedIn } from "./session-user.js";

const sessions = new WeakMap<FastifyRequest, Promise<SignedIn | null>>();
const keyCallers = new WeakMap<FastifyRequest, Promise<SessionUser>>();

/**
 * The caller's session (cookie or bearer token), looked up once per request, and kept for a few
 * seconds by the credential that proved it (see `SessionCache`). No credential, no lookup. An API
 * key is nobody's session: a request with one has none.
 */
export function getSignedIn(request: FastifyRequest): Promise<SignedIn | null> {
  let pending = sessions.get(request);
  if (!pending) {
    const credential = apiKeyOf(request) === undefined ? sessionCredential(request) : undefined;
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

/**
 * The team member an API key in the request stands for, verified once per request and cached for a
 * few seconds like a session; a 401 saying why when the key cannot be used.
 */
function requireApiKeyCaller(request: FastifyRequest, key: string): Promise<SessionUser> {
  let pending = keyCallers.get(request);
  if (!pending) {
    pending = (async () => {
      if (key === "malformed") throw new AppError("unauthorized", apiKeyMessages.malformed);
      const keyHash = hashApiKey(key);
      const { sessionCache, loadApiKey } = request.server;
      return callerOf(await sessionCache.readApiKey(keyHash, () => loadApiKey(keyHash)));
    })();
    keyCallers.set(request, pending);
  }
  return pending;
}

/**
 * Refuses a request that carries an API key where only a person may call: a 401 when the key cannot
 * be used anyway, otherwise a 403 with `message`.
 */
export async function refuseApiKey(
  request: FastifyRequest,
  message = apiKeyMessages.teamRoutesOnly,
): Promise<void> {
  const key = apiKeyOf(request);
  if (key === undefined) return;
  await requireApiKeyCaller(request, key);
  throw new AppError("forbidden", message);
}

/** A person's session (customer or member of the team); an API key is refused. */
export async function requireSession(request: FastifyRequest): Promise<SignedIn> {
  const signedIn = await getSignedIn(request);
  if (!signedIn) {
    await refuseApiKey(request);
    throw new AppError("unauthorized", "Please log in to continue.");
  }
  return signedIn;
}

/**
 * The signed-in person, as the rules about others' data see them. A member of the team whom the
 * owner requires to sign in with a second factor, and who has not set one up yet, is answered as a
 * customer would be (their own records only) until they do: the team's calls refuse them outright
 * (`requireMember`). `requireSession` still tells who they are (their status, their set-up).
 */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const { user } = await requireSession(request);
  if (isTeamMember(user) && !user.twoFactorEnabled && (await request.server.teamTwoFactor.required())) {
    return { ...user, role: null, permissions: null };
  }
  return user;
}

/**
 * The member of the team calling (any role; routes check their permission before the handler): a
 * person signed in, or an API key acting with its role.
 */
export async function requireMember(request: FastifyRequest): Promise<SessionUser> {
  const key = apiKeyOf(request);
  const user =
    key === undefined ? (await requireSession(request)).user : await requireApiKeyCaller(request, key);
  if (!isTeamMember(user)) throw new AppError("forbidden", "This needs an admin account.");
  await requireSecondFactorIfAsked(request.server.teamTwoFactor, user);
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

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Whether the request carries `Authorization: Bearer <token>` for this token (compared in constant time). */
export function hasBearerToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith("Bearer ")) return false;
  return timingSafeEqual(digest(header.slice("Bearer ".length).trim()), digest(token));
}
