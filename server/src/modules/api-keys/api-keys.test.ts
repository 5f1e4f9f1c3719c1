import { apiKeyMessages, apiKeyPrefix } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { bearer, makeApiKey, makeRole } from "../../../test/api-keys.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { apiKeys } from "../../db/schema.js";

let ctx: TestContext;
let owner: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner", name: "Olive Owner" });
});
afterAll(() => ctx.close());

const asOwner = (method: "GET" | "POST", url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: owner.cookie } });
const withKey = (key: string, url: string, method: "GET" | "POST" = "GET") =>
  ctx.app.inject({ method, url, headers: bearer(key), payload: method === "POST" ? {} : undefined });
const errorOf = (response: { json(): unknown }) => (response.json() as { error: { message: string } }).error;

describe("making API keys", () => {
  it("shows the key once, lists it by name, role and prefix, and never again in full", async () => {
    const response = await asOwner("POST", "/api/admin/api-keys", { name: "Zapier", role: "staff" });
    expect(response.statusCode).toBe(201);
    expect(response.headers["cache-control"]).toBe("no-store");
    const created = response.json();
    expect(created.key).toMatch(/^ak_live_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: "Zapier",
      role: "staff",
      roleName: "Staff",
      state: "active",
      createdBy: "Olive Owner",
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
      prefix: created.key.slice(0, apiKeyPrefix.length + 4),
    });

    const list = await asOwner("GET", "/api/admin/api-keys");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json().keys[0]).toEqual({ ...created, key: undefined });
    expect(list.json().roles.map((role: { key: string }) => role.key)).toEqual(["admin", "staff"]);
  });

  it("refuses the owner's role, a role that does not exist, an expiry in the past and no name", async () => {
    const refused = async (body: object) => {
      const response = await asOwner("POST", "/api/admin/api-keys", body);
      return [response.statusCode, response.json().error.fields];
    };
    expect(await refused({ name: "Boss", role: "owner" })).toEqual([400, { role: apiKeyMessages.ownerRole }]);
    expect(await refused({ name: "Ghost", role: "3f1d7c2e-0000-4000-8000-00000000dead" })).toEqual([
      400,
      { role: apiKeyMessages.unknownRole },
    ]);
    expect(await refused({ name: "Late", role: "staff", expiresAt: "2001-01-01" })).toEqual([
      400,
      { expiresAt: apiKeyMessages.pastExpiry },
    ]);
    expect(await refused({ name: " ", role: "staff" })).toEqual([400, { name: apiKeyMessages.nameRequired }]);
    expect(await refused({ name: "Later", role: "staff", expiresAt: "next week" })).toEqual([
      400,
      { expiresAt: expect.any(String) },
    ]);
  });

  it("is for whoever may manage integrations, signed in: not Staff, and never a key", async () => {
    const staff = await createAccount(ctx, { role: "staff" });
    const list = await ctx.app.inject({ url: "/api/admin/api-keys", headers: { cookie: staff.cookie } });
    expect(list.statusCode).toBe(403);

    const integrator = await createAccount(ctx, { role: "staff" });
    const role = await makeRole(ctx, owner, "Integrators", ["integrations.manage"]);
    await ctx.app.inject({
      method: "PUT",
      url: `/api/team/members/${integrator.id}/role`,
      headers: { cookie: owner.cookie },
      payload: { role },
    });
    const made = await makeApiKey(ctx, integrator, { role, name: "Made by a member" });
    expect(made.createdBy).toBe(integrator.name);

    // An Admin key has every permission, integrations too, yet cannot make or revoke keys.
    const { key } = await makeApiKey(ctx, owner, { role: "admin" });
    for (const call of [
      withKey(key, "/api/admin/api-keys"),
      withKey(key, "/api/admin/api-keys", "POST"),
      withKey(key, `/api/admin/api-keys/${made.id}/revoke`, "POST"),
    ]) {
      const response = await call;
      expect([response.statusCode, errorOf(response).message]).toEqual([403, apiKeyMessages.peopleOnly]);
    }
  });
});

describe("revoking and expiring", () => {
  it("refuses a revoked key at once, with a message saying so, and a second revoke is a conflict", async () => {
    const made = await makeApiKey(ctx, owner, { role: "admin" });
    expect((await withKey(made.key, "/api/orders")).statusCode).toBe(200);
    const revoked = await asOwner("POST", `/api/admin/api-keys/${made.id}/revoke`);
    expect(revoked.json()).toMatchObject({ id: made.id, state: "revoked", revokedAt: expect.any(String) });
    const refused = await withKey(made.key, "/api/orders");
    expect([refused.statusCode, errorOf(refused).message]).toEqual([401, apiKeyMessages.revoked]);
    expect((await asOwner("POST", `/api/admin/api-keys/${made.id}/revoke`)).statusCode).toBe(409);
    expect((await asOwner("POST", "/api/admin/api-keys/not-an-id/revoke")).statusCode).toBe(404);
  });

  it("refuses a key past its expiry, and works until then", async () => {
    const made = await makeApiKey(ctx, owner, { role: "admin", expiresAt: "2099-12-31" });
    expect(made.expiresAt).toBe("2099-12-31T23:59:59.999Z");
    expect((await withKey(made.key, "/api/orders")).statusCode).toBe(200);
    await ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, made.id));
    ctx.app.sessionCache.clear();
    const refused = await withKey(made.key, "/api/orders");
    expect([refused.statusCode, errorOf(refused).message]).toEqual([401, apiKeyMessages.expired]);
    const listed = (await asOwner("GET", "/api/admin/api-keys")).json().keys;
    expect(listed.find((key: { id: string }) => key.id === made.id).state).toBe("expired");
  });

  it("is looked up once and trusted for a few seconds, like a session, until something is revoked", async () => {
    const made = await makeApiKey(ctx, owner, { role: "admin" });
    expect((await withKey(made.key, "/api/orders")).statusCode).toBe(200);
    await ctx.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, made.id));
    expect((await withKey(made.key, "/api/orders")).statusCode).toBe(200);
    ctx.app.sessionCache.clear();
    expect((await withKey(made.key, "/api/orders")).statusCode).toBe(401);
  });
});

describe("what a key is refused", () => {
  it("is a 401 for a malformed header or a key the shop never made", async () => {
    const { key } = await makeApiKey(ctx, owner, { role: "admin" });
    const unknown = `${apiKeyPrefix}${"A".repeat(43)}`;
    const cases = [
      [`Bearer ${key.slice(0, -1)}`, apiKeyMessages.malformed],
      [`Token ${key}`, apiKeyMessages.malformed],
      [key, apiKeyMessages.malformed],
      [`Bearer ${unknown}`, apiKeyMessages.unknown],
      ["Bearer", "Please log in to continue."],
    ];
    for (const [authorization, message] of cases) {
      const response = await ctx.app.inject({ url: "/api/orders", headers: { authorization } });
      expect([authorization, response.statusCode, errorOf(response).message]).toEqual([
        authorization,
        401,
        message,
      ]);
    }
  });

  it("refuses customer routes and a person's own calls: orders, profile, session, sign-out", async () => {
    const { key } = await makeApiKey(ctx, owner, { role: "admin" });
    const calls = [
      withKey(key, "/api/order"),
      withKey(key, `/api/admin/${owner.email}`),
      withKey(key, "/api/account/export"),
      withKey(key, "/api/mail/preferences"),
    ];
    for (const response of await Promise.all(calls)) {
      expect([response.statusCode, errorOf(response).message]).toEqual([403, apiKeyMessages.teamRoutesOnly]);
    }
    for (const [method, url] of [
      ["GET", "/api/auth/get-session"],
      ["POST", "/api/auth/sign-out"],
      ["POST", "/api/auth/update-user"],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { ...bearer(key), origin: ctx.config.publicUrl },
        payload: method === "POST" ? {} : undefined,
      });
      expect([url, response.statusCode]).toEqual([url, 403]);
    }
    // A revoked key is told so first, wherever it is sent.
    const revoked = await makeApiKey(ctx, owner, { role: "admin" });
    await asOwner("POST", `/api/admin/api-keys/${revoked.id}/revoke`);
    expect((await withKey(revoked.key, "/api/order")).statusCode).toBe(401);
  });
});

describe("the documented API", () => {
  it("says which calls take an API key: the team's, but not the keys' own nor a customer's", async () => {
    const document = (await ctx.app.inject({ url: "/api/docs/json" })).json();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    const security = (path: string, method = "get") => document.paths[path][method].security;
    expect(security("/api/orders")).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(security("/api/admin/api-keys")).toEqual([{ session: [] }]);
    expect(security("/api/order")).toEqual([{ session: [] }]);
    expect(security("/api/services")).toBeUndefined();
  });
});
