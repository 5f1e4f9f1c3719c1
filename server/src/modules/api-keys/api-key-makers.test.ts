import { type ApiKey, apiKeyMessages, apiKeyStateReasons } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { bearer, makeApiKey, makeRole } from "../../../test/api-keys.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { apiKeys } from "../../db/schema.js";

/**
 * A key acts for the member who made it: it holds only roles within their permissions, does no
 * more than they may do now, and stops when they are suspended, removed or deleted.
 */
let ctx: TestContext;
let owner: TestAccount;
let ops: string;
let reporters: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  ops = await makeRole(ctx, owner, "Ops", ["integrations.manage", "audit.view", "content.edit"]);
  reporters = await makeRole(ctx, owner, "Reporters", ["audit.view"]);
});
afterAll(() => ctx.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const asOwner = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: owner.cookie } });
const status = async (key: string, url: string) =>
  (await ctx.app.inject({ method: "GET", url, headers: bearer(key) })).statusCode;
const refusalOf = async (key: string) => {
  const response = await ctx.app.inject({ method: "GET", url: "/api/admin/audit", headers: bearer(key) });
  return [response.statusCode, response.json().error?.message];
};
const listed = async (id: string): Promise<ApiKey | undefined> =>
  (await asOwner("GET", "/api/admin/api-keys")).json().keys.find((key: ApiKey) => key.id === id);
const opsMember = () =>
  createAccount(ctx, { role: ops, permissions: "integrations.manage,audit.view,content.edit" });

describe("making a key", () => {
  it("offers and accepts only roles within the maker's permissions", async () => {
    const member = await opsMember();
    const list = await ctx.app.inject({ url: "/api/admin/api-keys", headers: { cookie: member.cookie } });
    expect(
      list
        .json()
        .roles.map((role: { name: string }) => role.name)
        .sort(),
    ).toEqual(["Ops", "Reporters"]);
    for (const role of ["admin", "staff"]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/admin/api-keys",
        headers: { cookie: member.cookie },
        payload: { name: "Wide", role },
      });
      expect([response.statusCode, response.json().error.message]).toEqual([403, apiKeyMessages.notHeld]);
    }
    expect((await makeApiKey(ctx, member, { role: reporters })).state).toBe("active");
    // The owner may make a key of any role but the owner's, Admin included.
    const all = (await asOwner("GET", "/api/admin/api-keys")).json().roles;
    expect(all.map((role: { key: string }) => role.key)).toContain("admin");
  });
});

describe("a key's permissions", () => {
  it("never exceed its maker's current ones: demote the maker and the key loses those calls", async () => {
    const member = await opsMember();
    const made = await makeApiKey(ctx, member, { role: ops });
    expect(await status(made.key, "/api/admin/blogs")).toBe(200);
    expect(await status(made.key, "/api/admin/audit")).toBe(200);

    // The maker now only reports: the key keeps its role, but no longer edits content.
    await asOwner("PUT", `/api/team/members/${member.id}/role`, { role: reporters });
    expect(await status(made.key, "/api/admin/blogs")).toBe(403);
    expect(await status(made.key, "/api/admin/audit")).toBe(200);
    // Widening the key's role gives it nothing its maker lacks.
    await asOwner("PUT", `/api/team/roles/${ops}`, {
      name: "Ops",
      permissions: ["integrations.manage", "audit.view", "content.edit", "money.view"],
    });
    expect(await status(made.key, "/api/admin/overview")).toBe(403);

    await asOwner("PUT", `/api/team/members/${member.id}/role`, { role: ops });
    expect(await status(made.key, "/api/admin/blogs")).toBe(200);
    expect(await status(made.key, "/api/admin/overview")).toBe(200);
  });
});

describe("a key whose maker cannot act", () => {
  it("stops (401) while its maker is suspended, and the list says why", async () => {
    const member = await opsMember();
    const made = await makeApiKey(ctx, member, { role: reporters, name: "Suspended maker" });
    expect(await status(made.key, "/api/admin/audit")).toBe(200);

    expect((await asOwner("POST", `/api/team/members/${member.id}/suspend`)).statusCode).toBe(200);
    expect(await refusalOf(made.key)).toEqual([401, apiKeyMessages.makerSuspended]);
    expect(await listed(made.id)).toMatchObject({
      state: "maker_suspended",
      reason: apiKeyStateReasons.maker_suspended,
    });

    await asOwner("POST", `/api/team/members/${member.id}/unsuspend`);
    expect(await status(made.key, "/api/admin/audit")).toBe(200);
    expect(await listed(made.id)).toMatchObject({ state: "active", reason: null });
  });

  it("stops (401) once its maker is removed from the team, and the list says why", async () => {
    const member = await opsMember();
    const made = await makeApiKey(ctx, member, { role: reporters, name: "Removed maker" });
    expect(await status(made.key, "/api/admin/audit")).toBe(200);

    expect((await asOwner("DELETE", `/api/team/members/${member.id}`)).statusCode).toBe(200);
    expect(await refusalOf(made.key)).toEqual([401, apiKeyMessages.makerRemoved]);
    expect(await listed(made.id)).toMatchObject({
      state: "maker_removed",
      reason: "Its maker was removed from the team",
    });
  });

  it("stops (401) once its maker's account is gone", async () => {
    const member = await opsMember();
    const made = await makeApiKey(ctx, member, { role: reporters, name: "Deleted maker" });
    expect(await status(made.key, "/api/admin/audit")).toBe(200);
    // What deleting the account leaves: the key, without its maker.
    await ctx.db.update(apiKeys).set({ createdBy: null }).where(eq(apiKeys.id, made.id));
    ctx.app.sessionCache.clear();
    expect(await refusalOf(made.key)).toEqual([401, apiKeyMessages.makerDeleted]);
    expect(await listed(made.id)).toMatchObject({
      state: "maker_deleted",
      reason: apiKeyStateReasons.maker_deleted,
    });
  });
});
