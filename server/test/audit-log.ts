import type { AuditEntry, AuditList, AuditVerification } from "@agency/contract";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../src/db/client.js";
import type { TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";
import { planIds } from "./orders.js";

/** A page of the admin's audit list, as the admin page asks for it. */
export async function auditPage(ctx: TestContext, admin: TestAccount, query = ""): Promise<AuditList> {
  const response = await ctx.app.inject({
    method: "GET",
    url: `/api/admin/audit${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The newest entry of one action. */
export async function latestEntry(ctx: TestContext, admin: TestAccount, action: string): Promise<AuditEntry> {
  const [entry] = (await auditPage(ctx, admin, `?action=${action}&size=1`)).entries;
  if (!entry) throw new Error(`No ${action} entry`);
  return entry;
}

/** The chain's check, as the admin page's button runs it. */
export async function verifyChain(ctx: TestContext, admin: TestAccount): Promise<AuditVerification> {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/admin/audit/verify",
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** What a person does by hand with the triggers switched off, in one transaction. */
export async function byHand(db: Database, statement: ReturnType<typeof sql>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/**
 * A day's audited work: the customer made an admin and back, a price changed, the leads and the
 * customer's own data exported. Five entries at least, one of them a price change.
 */
export async function recordAdminWork(ctx: TestContext, admin: TestAccount, customer: TestAccount) {
  const asAdmin = { cookie: admin.cookie };
  const plan = (await planIds(ctx)).standardMonthly;
  const calls = [
    { method: "PUT", url: `/api/user/admin/${customer.email}`, headers: asAdmin },
    { method: "PUT", url: `/api/user/remove-admin/${customer.email}`, headers: asAdmin },
    {
      method: "PUT",
      url: `/api/admin/catalog/plans/${plan._id}/price`,
      headers: asAdmin,
      payload: { oldPrice: plan.oldPrice, newPrice: 77.5, applyToRenewals: false },
    },
    { method: "GET", url: "/api/admin/leads.csv?kind=contact", headers: asAdmin },
    { method: "GET", url: "/api/account/export", headers: { cookie: customer.cookie } },
  ] as const;
  for (const call of calls) {
    const response = await ctx.app.inject(call);
    expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(200);
  }
}
