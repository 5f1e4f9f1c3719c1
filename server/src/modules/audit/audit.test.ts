import type { AuditEntry, AuditList } from "@agency/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { auditLog } from "../../db/schema.js";
import { verifyAuditChain } from "./verify.js";

let ctx: TestContext;
let admin: TestAccount;
let customer: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
  customer = await createAccount(ctx);
});
afterAll(() => ctx.close());

async function audit(query = ""): Promise<AuditList> {
  const response = await ctx.app.inject({
    method: "GET",
    url: `/api/admin/audit${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function latest(action: string): Promise<AuditEntry> {
  const [entry] = (await audit(`?action=${action}&size=1`)).entries;
  if (!entry) throw new Error(`No ${action} entry`);
  return entry;
}

describe("audit log", () => {
  it("records a role change with the admin, the account and the roles before and after", async () => {
    const response = await ctx.app.inject({
      method: "PUT",
      url: `/api/user/admin/${customer.email}`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const entry = await latest("user.role_changed");
    expect(entry).toMatchObject({
      actor: { type: "admin", id: admin.id, label: admin.email, email: admin.email },
      subject: { type: "user", id: customer.id, email: customer.email },
      before: { role: null },
      after: { role: "admin" },
    });
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ ok: true });
  });
});
