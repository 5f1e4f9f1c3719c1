import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { user } from "../db/schema.js";

let ctx: TestContext;
let owner: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner" });
});
afterAll(() => ctx.close());

const status = async (url: string, cookie: string) =>
  (await ctx.app.inject({ method: "GET", url, headers: { cookie } })).statusCode;

const asOwner = (method: "POST" | "PUT", url: string, payload: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: owner.cookie } });

describe("a member's permissions", () => {
  it("come with the session (no lookup per call) and change at once when the role is edited", async () => {
    const created = await asOwner("POST", "/api/team/roles", {
      name: "Writers",
      permissions: ["content.edit"],
    });
    expect(created.statusCode).toBe(201);
    const role = created.json().key as string;
    const writer = await createAccount(ctx, { role: "staff" });
    expect((await asOwner("PUT", `/api/team/members/${writer.id}/role`, { role })).json()).toEqual({
      modifiedCount: 1,
    });
    expect(await status("/api/admin/blogs", writer.cookie)).toBe(200);
    expect(await status("/api/admin/overview", writer.cookie)).toBe(403);

    // Changed behind the app's back: the calls go on by what the session said.
    await ctx.db.update(user).set({ permissions: "money.view" }).where(eq(user.id, writer.id));
    expect(await status("/api/admin/blogs", writer.cookie)).toBe(200);
    expect(await status("/api/admin/overview", writer.cookie)).toBe(403);

    // Edited through the team page: the next call already has the role's new permissions.
    const edited = await asOwner("PUT", `/api/team/roles/${role}`, {
      name: "Writers",
      permissions: ["money.view"],
    });
    expect(edited.json()).toMatchObject({ permissions: ["money.view"], members: 1 });
    expect(await status("/api/admin/blogs", writer.cookie)).toBe(403);
    expect(await status("/api/admin/overview", writer.cookie)).toBe(200);
  });

  it("follow a role change at once, and a custom role cannot be deleted while held", async () => {
    const created = await asOwner("POST", "/api/team/roles", {
      name: "Bookkeepers",
      permissions: ["money.view"],
    });
    const role = created.json().key as string;
    const member = await createAccount(ctx, { role: "staff" });
    expect(await status("/api/admin/overview", member.cookie)).toBe(403);
    await asOwner("PUT", `/api/team/members/${member.id}/role`, { role });
    expect(await status("/api/admin/overview", member.cookie)).toBe(200);
    const refused = await ctx.app.inject({
      method: "DELETE",
      url: `/api/team/roles/${role}`,
      headers: { cookie: owner.cookie },
    });
    expect(refused.statusCode).toBe(409);
    await asOwner("PUT", `/api/team/members/${member.id}/role`, { role: "staff" });
    expect(await status("/api/admin/overview", member.cookie)).toBe(403);
  });

  it("refuse bad role input with a clear message and change nothing", async () => {
    const noPermissions = await asOwner("POST", "/api/team/roles", { name: "Empty", permissions: [] });
    expect(noPermissions.statusCode).toBe(400);
    const unknown = await asOwner("POST", "/api/team/roles", { name: "Odd", permissions: ["everything"] });
    expect(unknown.statusCode).toBe(400);
    const builtIn = await asOwner("POST", "/api/team/roles", { name: "Owner", permissions: ["money.view"] });
    expect(builtIn.statusCode).toBe(400);
    const member = await createAccount(ctx, { role: "staff" });
    const toOwner = await asOwner("PUT", `/api/team/members/${member.id}/role`, { role: "owner" });
    expect(toOwner.statusCode).toBe(409);
    const noSuch = await asOwner("PUT", `/api/team/members/${member.id}/role`, { role: "no-such-role" });
    expect(noSuch.statusCode).toBe(400);
    const [row] = await ctx.db.select({ role: user.role }).from(user).where(eq(user.id, member.id));
    expect(row?.role).toBe("staff");
  });

  it("hand the shop over: the new owner has it, the old one stays on as an Admin", async () => {
    const next = await createAccount(ctx, { role: "admin" });
    const admin = await createAccount(ctx, { role: "admin" });
    const notOwner = await ctx.app.inject({
      method: "POST",
      url: "/api/team/owner",
      payload: { memberId: admin.id },
      headers: { cookie: next.cookie },
    });
    expect(notOwner.statusCode).toBe(403);
    const handed = await asOwner("POST", "/api/team/owner", { memberId: next.id });
    expect(handed.statusCode).toBe(200);
    const roles = await ctx.db.select({ id: user.id, role: user.role }).from(user);
    expect(roles.find((row) => row.id === next.id)?.role).toBe("owner");
    expect(roles.find((row) => row.id === owner.id)?.role).toBe("admin");
    expect(roles.filter((row) => row.role === "owner")).toHaveLength(1);
  });
});
