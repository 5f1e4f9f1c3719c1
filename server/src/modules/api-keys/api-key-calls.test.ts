import { apiKeyMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { bearer, makeApiKey, makeRole } from "../../../test/api-keys.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { apiKeys, roleChanges, teamInvitations } from "../../db/schema.js";

let ctx: TestContext;
let owner: TestAccount;
let paidOrderId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
  const customer = await createAccount(ctx);
  paidOrderId = await placePaidOrder(ctx, customer, (await planIds(ctx)).standardMonthly._id);
});
afterAll(() => ctx.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (key: string, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(key), payload });
const status = async (key: string, url: string) => (await call(key, "GET", url)).statusCode;
const asOwner = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: owner.cookie } });
const keyById = async (id: string) => (await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0];

describe("a call with a key", () => {
  it("acts with its role: an Admin key sees every order, a Staff key has none assigned and sees none", async () => {
    const admin = await makeApiKey(ctx, owner, { role: "admin" });
    const staff = await makeApiKey(ctx, owner, { role: "staff" });
    const all = await call(admin.key, "GET", "/api/orders");
    expect(all.json().orders.map((order: { _id: string }) => order._id)).toContain(paidOrderId);

    const none = await call(staff.key, "GET", "/api/orders");
    expect([none.statusCode, none.json().orders, none.json().counts.total]).toEqual([200, [], 0]);
    expect(await status(staff.key, `/api/admin/orders/${paidOrderId}`)).toBe(404);
    const board = (await call(staff.key, "GET", "/api/admin/board")).json();
    expect(board.columns.every((column: { cards: unknown[] }) => column.cards.length === 0)).toBe(true);
    expect(await status(staff.key, "/api/admin/overview")).toBe(403);
  });

  it("follows its custom role as it is edited, and stops working when the role is deleted", async () => {
    const role = await makeRole(ctx, owner, "Writers", ["content.edit"]);
    const made = await makeApiKey(ctx, owner, { role, name: "Blog robot" });
    expect(made.roleName).toBe("Writers");
    expect(await status(made.key, "/api/admin/blogs")).toBe(200);
    expect(await status(made.key, "/api/admin/overview")).toBe(403);

    await asOwner("PUT", `/api/team/roles/${role}`, { name: "Writers", permissions: ["money.view"] });
    expect(await status(made.key, "/api/admin/overview")).toBe(200);
    expect(await status(made.key, "/api/admin/blogs")).toBe(403);

    expect((await asOwner("DELETE", `/api/team/roles/${role}`)).statusCode).toBe(200);
    const refused = await call(made.key, "GET", "/api/admin/overview");
    expect([refused.statusCode, refused.json().error.message]).toEqual([401, apiKeyMessages.roleGone]);
    const listed = (await asOwner("GET", "/api/admin/api-keys")).json().keys;
    expect(listed.find((key: { id: string }) => key.id === made.id)).toMatchObject({
      roleName: null,
      state: "role_deleted",
    });
  });
});

describe("the audit log", () => {
  it("names the key as the actor of what its calls change, and the owner for making and revoking it", async () => {
    const made = await makeApiKey(ctx, owner, { role: "admin", name: "Ops" });
    const moved = await call(made.key, "POST", `/api/admin/orders/${paidOrderId}/state`, {
      state: "in_progress",
    });
    expect(moved.statusCode).toBe(200);
    const last = moved.json().history.at(-1);
    expect([last.state, last.by.name]).toEqual(["in_progress", "API key Ops"]);
    await asOwner("POST", `/api/admin/api-keys/${made.id}/revoke`);

    const entries = (await asOwner("GET", "/api/admin/audit?size=3")).json().entries;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      "api_key.revoked",
      "order.state_changed",
      "api_key.created",
    ]);
    const [revoked, changed, created] = entries;
    expect(changed.actor).toEqual({
      type: "api_key",
      id: `apikey:${made.id}`,
      label: "API key Ops",
      email: null,
    });
    for (const entry of [revoked, created]) {
      expect(entry.actor).toMatchObject({ type: "admin", id: owner.id, label: owner.email });
      expect(entry.subject).toMatchObject({ type: "api_key", id: made.id, label: "Ops" });
    }
    expect(JSON.stringify(entries)).not.toContain(made.key);
    const search = (await asOwner("GET", "/api/admin/audit?q=api%20key%20ops")).json().entries;
    expect(search.map((entry: { id: number }) => entry.id)).toEqual([changed.id]);
  });

  it("keeps the key's name where a member's would be: invitations sent and roles given", async () => {
    const made = await makeApiKey(ctx, owner, { role: "admin", name: "HR sync" });
    const invited = await call(made.key, "POST", "/api/team/invitations", {
      email: "new-hire@example.com",
      role: "staff",
    });
    expect([invited.statusCode, invited.json().invitedBy]).toEqual([201, "API key HR sync"]);
    const [row] = await ctx.db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.email, "new-hire@example.com"));
    expect(row?.invitedBy).toBeNull();

    const member = await createAccount(ctx, { role: "staff" });
    const role = await makeRole(ctx, owner, "Messengers", ["messages.send"]);
    const given = await call(made.key, "PUT", `/api/team/members/${member.id}/role`, { role });
    expect(given.json()).toEqual({ modifiedCount: 1 });
    const [change] = await ctx.db.select().from(roleChanges).where(eq(roleChanges.targetId, member.id));
    expect(change).toMatchObject({ actorId: null, actorLabel: "API key HR sync", toRole: role });
  });
});

describe("last used", () => {
  it("is shown after a call, and written at most once a minute, not on every call", async () => {
    const made = await makeApiKey(ctx, owner, { role: "admin" });
    expect((await keyById(made.id))?.lastUsedAt).toBeNull();
    await call(made.key, "GET", "/api/orders");
    const first = (await keyById(made.id))?.lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    const listed = (await asOwner("GET", "/api/admin/api-keys")).json().keys;
    expect(listed.find((key: { id: string }) => key.id === made.id).lastUsedAt).toBe(first?.toISOString());

    // Used half a minute ago: calls now, even looked up afresh, leave it as it is.
    const halfMinuteAgo = new Date(Date.now() - 30_000);
    await ctx.db.update(apiKeys).set({ lastUsedAt: halfMinuteAgo }).where(eq(apiKeys.id, made.id));
    ctx.app.sessionCache.clear();
    await call(made.key, "GET", "/api/orders");
    await call(made.key, "GET", "/api/orders");
    expect((await keyById(made.id))?.lastUsedAt).toEqual(halfMinuteAgo);

    // A minute and more: the next lookup writes it.
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await ctx.db.update(apiKeys).set({ lastUsedAt: twoMinutesAgo }).where(eq(apiKeys.id, made.id));
    ctx.app.sessionCache.clear();
    await call(made.key, "GET", "/api/orders");
    expect((await keyById(made.id))?.lastUsedAt?.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());
  });

  it("is not written by a refused call", async () => {
    const made = await makeApiKey(ctx, owner, { role: "admin" });
    await asOwner("POST", `/api/admin/api-keys/${made.id}/revoke`);
    expect((await call(made.key, "GET", "/api/orders")).statusCode).toBe(401);
    expect((await keyById(made.id))?.lastUsedAt).toBeNull();
  });
});
