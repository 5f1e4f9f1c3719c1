import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { bearer, makeApiKey } from "../../../test/api-keys.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { hashApiKey } from "../../auth/api-keys.js";
import { apiKeys } from "../../db/schema.js";

let ctx: TestContext;
let owner: TestAccount;
const written: string[] = [];

beforeAll(async () => {
  // Logging as in production (LOG_LEVEL info), every line kept to be read.
  ctx = await createTestApp({
    env: { LOG_LEVEL: "info" },
    logStream: { write: (text: string) => written.push(text) > 0 },
  });
  owner = await createAccount(ctx, { role: "owner" });
});
afterAll(() => ctx.close());

describe("an API key", () => {
  it("is in neither the database nor the logs, whatever its calls did", async () => {
    const made = await makeApiKey(ctx, owner, { role: "staff", name: "Secret keeper" });
    const calls = [
      ctx.app.inject({ url: "/api/orders", headers: bearer(made.key) }),
      ctx.app.inject({ url: "/api/admin/overview", headers: bearer(made.key) }),
      ctx.app.inject({ url: "/api/order", headers: bearer(made.key) }),
      ctx.app.inject({ url: `/api/orders?key=${encodeURIComponent(made.key)}`, headers: bearer(made.key) }),
    ];
    expect((await Promise.all(calls)).map((response) => response.statusCode)).toEqual([200, 403, 403, 200]);
    await ctx.app.inject({
      method: "POST",
      url: `/api/admin/api-keys/${made.id}/revoke`,
      headers: { cookie: owner.cookie },
    });
    expect((await ctx.app.inject({ url: "/api/orders", headers: bearer(made.key) })).statusCode).toBe(401);

    const [row] = await ctx.db.select().from(apiKeys);
    expect(row?.keyHash).toBe(hashApiKey(made.key));
    expect(row?.prefix).toBe(made.key.slice(0, 12));
    // Every column of every table that could hold it: keys, the audit log, the jobs.
    for (const table of ["api_keys", "audit_log", "jobs", "role_changes"]) {
      const rows = await ctx.db.execute(sql.raw(`select * from ${table}`));
      expect([table, JSON.stringify(rows)]).not.toContain(made.key);
      expect(JSON.stringify(rows)).not.toContain(made.key.slice(12));
    }
    const logs = written.join("");
    expect(logs).toContain("request completed");
    expect(logs).not.toContain(made.key.slice(12));
    expect(logs).not.toMatch(/authorization/i);
  });
});
