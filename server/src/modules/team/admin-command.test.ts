import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { adminUsage, runAdminCommand } from "./admin-command.js";

describe("the admin command", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("grants and revokes the admin role by e-mail address; the first admin is the owner", async () => {
    const first = await createAccount(ctx);
    const second = await createAccount(ctx);
    expect(await runAdminCommand(ctx.db, ["grant", first.email])).toBe(`${first.email} is now an admin.`);
    expect(await runAdminCommand(ctx.db, ["grant", second.email])).toBe(`${second.email} is now an admin.`);
    expect(await runAdminCommand(ctx.db, ["revoke", second.email])).toBe(
      `${second.email} is no longer an admin.`,
    );
    // The owner keeps the role until they hand ownership over.
    await expect(runAdminCommand(ctx.db, ["revoke", first.email])).rejects.toThrow(/last admin/);
    const status = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/${first.email}`,
      headers: { cookie: first.cookie },
    });
    expect(status.json()).toMatchObject({ admin: true, role: "owner" });
  });

  it("explains its usage and refuses unknown addresses", async () => {
    await expect(runAdminCommand(ctx.db, ["promote", "x@example.com"])).rejects.toThrow(adminUsage);
    await expect(runAdminCommand(ctx.db, ["grant", "nobody@example.com"])).rejects.toThrow(/No account uses/);
  });
});
