import { randomBytes } from "node:crypto";
import * as contract from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { redactTokens, tokenPlaces } from "./logging.js";

// The request log never keeps a one-time token, whichever route it came in on: every route with a
// token in its path (the API's, the web app's pages, Better Auth's links) and every query that
// carries one is walked here, and each line written is searched for the token.

let ctx: TestContext;
let written: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp({
    env: { LOG_LEVEL: "info" },
    logStream: { write: (text: string) => written.push(text) > 0 },
  });
});
afterAll(() => ctx.close());

type Route = { path: string; methods: string[] };

/** The app's routes, read from Fastify's printed tree (each line's path follows its parent's). */
function registeredRoutes(): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of ctx.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 4));
    const path = `${depth > 0 ? stack[depth - 1] : ""}${match?.[1] ?? ""}`;
    stack[depth] = path;
    stack.length = depth + 1;
    if (match?.[2])
      routes.push({ path, methods: match[2].split(", ").filter((method) => method !== "HEAD") });
  }
  return routes;
}

type RouteEntry = { path?: string; children?: RouteEntry[] };

/** The web app's page patterns, from its route table (web/app/routes.ts). */
async function webPatterns(): Promise<string[]> {
  const file = new URL("../../../web/app/routes.ts", import.meta.url).pathname;
  const { default: routes } = (await import(/* @vite-ignore */ file)) as { default: RouteEntry[] };
  const walk = (entries: RouteEntry[], base: string): string[] =>
    entries.flatMap((entry) => {
      const own = entry.path ? `${base.replace(/\/$/, "")}/${entry.path}` : base;
      return [...(entry.path ? [own] : []), ...walk(entry.children ?? [], own)];
    });
  return walk(routes, "");
}

type AuthEndpoint = { path?: string; options?: { query?: { shape?: Record<string, unknown> } } };
const authEndpoints = () =>
  Object.values(ctx.app.auth.api as unknown as Record<string, AuthEndpoint>).filter(
    (endpoint): endpoint is AuthEndpoint & { path: string } => typeof endpoint?.path === "string",
  );

/** A path or query parameter that holds a secret by its name. */
const secretName = (name: string) =>
  (tokenPlaces.params as readonly string[]).includes(name) || /token|secret|code|state/i.test(name);
const hasTokenParam = (pattern: string) =>
  pattern.split("/").some((part) => part.startsWith(":") && secretName(part.slice(1)));

const newToken = () => `tok${randomBytes(12).toString("hex")}`;

/** The pattern with a fresh token in each token parameter and an id in the others. */
function fill(pattern: string, tokens: string[]): string {
  return pattern
    .split("/")
    .map((part) => {
      if (!part.startsWith(":")) return part;
      if (!secretName(part.slice(1))) return "00000000-0000-4000-8000-000000000000";
      const token = newToken();
      tokens.push(token);
      return token;
    })
    .join("/");
}

/** Sends each request and answers the log lines it wrote, failing if none was written. */
async function logged(requests: Array<{ method: string; url: string }>): Promise<string> {
  written = [];
  for (const { method, url } of requests) {
    await ctx.app.inject({
      method: method as "GET",
      url,
      headers: { origin: ctx.config.publicUrl },
      ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
    });
  }
  const lines = written.join("");
  expect(written.length, "a line per request").toBeGreaterThanOrEqual(requests.length);
  return lines;
}

describe("the request log", () => {
  it("keeps no token of any API route with a token in its path, nor of an address below one", async () => {
    const routes = registeredRoutes().filter((route) => hasTokenParam(route.path));
    expect(routes.map((route) => route.path)).toContain("/api/sales/:token/pay");
    const tokens: string[] = [];
    const requests = routes.flatMap((route) => [
      ...route.methods.map((method) => ({ method, url: fill(route.path, tokens) })),
      { method: "GET", url: `${fill(route.path, tokens)}/no-such-page?x=1` },
    ]);
    const lines = await logged(requests);
    expect(tokens.length).toBeGreaterThanOrEqual(requests.length);
    for (const token of tokens) expect(lines).not.toContain(token);
    expect(lines).toContain("/api/sales/[redacted]/pay");
  });

  it("keeps no token of the web app's pages, which its table lists", async () => {
    const patterns = (await webPatterns()).filter(hasTokenParam);
    expect(patterns).toEqual(
      expect.arrayContaining(["/team/join/:token", "/quotes/:token", "/invoices/:token"]),
    );
    expect(tokenPlaces.paths).toEqual(expect.arrayContaining(patterns));
    const tokens: string[] = [];
    const lines = await logged(
      patterns.flatMap((pattern) => [
        { method: "GET", url: fill(pattern, tokens) },
        // React Router matches pages whatever their case.
        { method: "GET", url: fill(pattern.toUpperCase().replaceAll(":TOKEN", ":token"), tokens) },
        { method: "GET", url: `${fill(pattern, tokens)}?utm_source=mail` },
      ]),
    );
    for (const token of tokens) expect(lines).not.toContain(token);
  });

  it("keeps no token of Better Auth's links, by path or query", async () => {
    const withPathToken = authEndpoints()
      .map((endpoint) => `/api/auth${endpoint.path}`)
      .filter(hasTokenParam);
    expect(withPathToken).toContain("/api/auth/reset-password/:token");
    expect(tokenPlaces.paths).toEqual(expect.arrayContaining(withPathToken));
    const tokens: string[] = [];
    const requests = withPathToken.map((pattern) => ({
      method: "GET",
      url: `${fill(pattern, tokens)}?callbackURL=%2Freset__password`,
    }));
    for (const endpoint of authEndpoints()) {
      const names = Object.keys(endpoint.options?.query?.shape ?? {}).filter(secretName);
      expect(tokenPlaces.query, endpoint.path).toEqual(expect.arrayContaining(names));
      if (names.length === 0) continue;
      const query = names.map((name) => {
        const token = newToken();
        tokens.push(token);
        return `${name}=${token}`;
      });
      requests.push({ method: "GET", url: `/api/auth${endpoint.path}?${query.join("&")}&callbackURL=%2F` });
    }
    expect(requests.map((request) => request.url.split("?")[0])).toContain("/api/auth/verify-email");
    const lines = await logged(requests);
    for (const token of tokens) expect(lines).not.toContain(token);
  });

  it("keeps no token of the links the shop mails, nor of a sign-in provider's answer", async () => {
    const queries = Object.entries(contract).flatMap(([name, schema]) => {
      const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
      return name.endsWith("Query") && shape ? Object.keys(shape).filter(secretName) : [];
    });
    expect(queries).toContain("token");
    expect(tokenPlaces.query).toEqual(expect.arrayContaining(queries));
    const token = newToken();
    const lines = await logged(
      [
        `/api/auth/verify-email?token=${token}&callbackURL=%2Flogin`,
        `/api/auth/magic-link/verify?token=${token}&callbackURL=%2F`,
        `/api/auth/delete-user/callback?token=${token}`,
        `/reset__password?token=${token}`,
        `/api/team/invitations/lookup?token=${token}`,
        `/unsubscribe?email=a%40example.com&token=${token}`,
        `/newsletter/confirm?token=${token}`,
        `/api/auth/callback/google?code=${token}&state=${token}`,
        `/api/auth/callback/google?STATE=${token}#fragment`,
      ].map((url) => ({ method: "GET", url })),
    );
    expect(lines).not.toContain(token);
  });

  it("redacts a token in a path and a query the same way everywhere", () => {
    expect(redactTokens("/quotes/abc?token=def&x=1")).toBe("/quotes/[redacted]?token=[redacted]&x=1");
    expect(redactTokens("/team/join/abc/")).toBe("/team/join/[redacted]/");
    expect(redactTokens("/team/join")).toBe("/team/join");
    expect(redactTokens("/api/services?size=5")).toBe("/api/services?size=5");
  });
});
