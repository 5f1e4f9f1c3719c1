import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, createAccount, type TestAccount } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { session } from "../db/schema.js";

let ctx: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  // The owner: only the owner makes someone an Admin.
  admin = await createAccount(ctx, { role: "owner" });
});
afterAll(() => ctx.close());

const status = async (url: string, cookie: string) =>
  (await ctx.app.inject({ method: "GET", url, headers: { cookie } })).statusCode;

describe("sessions verified a moment ago", () => {
  it("are trusted for a few seconds, then looked up again", async () => {
    const customer = await createAccount(ctx);
    expect(await status("/api/order", customer.cookie)).toBe(200);
    // Removed behind the app's back: the calls right after are still answered...
    await ctx.db.delete(session).where(eq(session.userId, customer.id));
    expect(await status("/api/order", customer.cookie)).toBe(200);
    // ...until the next auth call, which makes the app look every session up again.
    await ctx.app.inject({ method: "GET", url: "/api/auth/ok" });
    expect(await status("/api/order", customer.cookie)).toBe(401);
  });

  it("carry a new role at once, granted or removed", async () => {
    const customer = await createAccount(ctx);
    expect(await status("/api/orders", customer.cookie)).toBe(403);
    const grant = await ctx.app.inject({
      method: "PUT",
      url: `/api/user/admin/${customer.email}`,
      headers: { cookie: admin.cookie },
    });
    expect(grant.json()).toEqual({ modifiedCount: 1 });
    expect(await status("/api/orders", customer.cookie)).toBe(200);
    await ctx.app.inject({
      method: "PUT",
      url: `/api/user/remove-admin/${customer.email}`,
      headers: { cookie: admin.cookie },
    });
    expect(await status("/api/orders", customer.cookie)).toBe(403);
  });

  it("end at sign-out, for every call after it", async () => {
    const customer = await createAccount(ctx);
    expect(await status("/api/order", customer.cookie)).toBe(200);
    const out = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: authHeaders(ctx, customer.cookie),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await status("/api/order", customer.cookie)).toBe(401);
  });
});
