import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AuditEntry, AuditList, AuditVerification } from "@agency/contract";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { type Database, openPglite } from "../../db/client.js";
import { auditLog, user } from "../../db/schema.js";
import { setAdminRole } from "../users/index.js";
import { recordAudit } from "./record.js";
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

const asAdmin = () => ({ cookie: admin.cookie });

async function audit(query = ""): Promise<AuditList> {
  const response = await ctx.app.inject({
    method: "GET",
    url: `/api/admin/audit${query}`,
    headers: asAdmin(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function latest(action: string): Promise<AuditEntry> {
  const [entry] = (await audit(`?action=${action}&size=1`)).entries;
  if (!entry) throw new Error(`No ${action} entry`);
  return entry;
}

async function verify(): Promise<AuditVerification> {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/admin/audit/verify",
    headers: asAdmin(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const adminActor = () => ({ type: "admin", id: admin.id, label: admin.email });

/** What a person does by hand with the triggers switched off, in one transaction. */
async function byHand(db: Database, statement: ReturnType<typeof sql>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

describe("what the audit log records", () => {
  it("a role change: the admin, the account, the role before and after", async () => {
    const response = await ctx.app.inject({
      method: "PUT",
      url: `/api/user/admin/${customer.email}`,
      headers: asAdmin(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await latest("user.role_changed")).toMatchObject({
      actor: { ...adminActor(), email: admin.email },
      subject: { type: "user", id: customer.id, email: customer.email },
      before: { role: null },
      after: { role: "admin" },
    });
    await ctx.app.inject({
      method: "PUT",
      url: `/api/user/remove-admin/${customer.email}`,
      headers: asAdmin(),
    });
    expect(await latest("user.role_changed")).toMatchObject({
      before: { role: "admin" },
      after: { role: null },
    });
  });

  it("a price change: the old and new prices", async () => {
    const plan = (await planIds(ctx)).standardMonthly;
    const response = await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/catalog/plans/${plan._id}/price`,
      headers: asAdmin(),
      payload: { oldPrice: plan.oldPrice, newPrice: 77.5, applyToRenewals: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await latest("plan.price_changed")).toMatchObject({
      actor: adminActor(),
      subject: { type: "plan", id: plan._id, label: `${plan.service} (monthly)` },
      before: { newPrice: plan.newPrice, oldPrice: plan.oldPrice },
      after: { newPrice: 77.5, oldPrice: plan.oldPrice, applyToRenewals: false, renewalsChanged: 0 },
    });
  });

  it("an order's state change, and a cancellation with its refund", async () => {
    const orderId = await placePaidOrder(ctx, customer, (await planIds(ctx)).premiumYearly._id);
    const paid = await latest("order.state_changed");
    expect(paid).toMatchObject({
      actor: { type: "customer", id: customer.id, label: null, email: customer.email },
      subject: { type: "order", id: orderId },
      before: { state: null },
      after: { state: "submitted" },
    });
    const moved = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/state`,
      headers: asAdmin(),
      payload: { state: "in_progress", note: "Kick-off booked" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await latest("order.state_changed")).toMatchObject({
      actor: adminActor(),
      subject: { type: "order", id: orderId, label: paid.subject.label },
      before: { state: "submitted" },
      after: { state: "in_progress", note: "Kick-off booked" },
    });

    const cancelled = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/cancel`,
      headers: asAdmin(),
      payload: { refund: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refund = cancelled.json().refunds[0];
    expect(await latest("payment.refunded")).toMatchObject({
      actor: adminActor(),
      subject: { type: "payment", id: refund.paymentId, label: paid.subject.label },
      after: { refund: refund.amount },
    });
    expect(await latest("order.state_changed")).toMatchObject({
      before: { state: "in_progress" },
      after: { state: "cancelled" },
    });
  });

  it("deletions: a review and a blog post, with what they were", async () => {
    const reviewId = (await ctx.app.inject({ method: "GET", url: "/api/reviews" })).json()[0]._id;
    const review = await ctx.app.inject({
      method: "DELETE",
      url: `/api/review-delete/${reviewId}`,
      headers: asAdmin(),
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(await latest("review.deleted")).toMatchObject({
      actor: adminActor(),
      subject: { type: "review", id: reviewId },
      before: { hidden: false },
      after: null,
    });

    const blog = (await ctx.app.inject({ method: "GET", url: "/api/blogs" })).json()[0];
    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: `/api/blogs/${blog._id}`,
      headers: asAdmin(),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await latest("blog.deleted")).toMatchObject({
      subject: { type: "blog", id: blog._id, label: blog.title },
      before: { title: blog.title },
    });
  });

  it("exports: the leads CSV and a customer's own data", async () => {
    const csv = await ctx.app.inject({
      method: "GET",
      url: "/api/admin/leads.csv?kind=contact",
      headers: asAdmin(),
    });
    expect(csv.statusCode).toBe(200);
    expect(await latest("export.leads")).toMatchObject({
      actor: adminActor(),
      subject: { type: "export", label: "leads" },
      after: { filters: { kind: "contact" } },
    });

    const own = await ctx.app.inject({
      method: "GET",
      url: "/api/account/export",
      headers: { cookie: customer.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(await latest("export.account_data")).toMatchObject({
      actor: { type: "customer", id: customer.id, label: null },
      subject: { type: "user", id: customer.id },
      after: { format: "json", orders: own.json().orders.length },
    });
  });

  it("a deleted account by its id only, without the person's name or address", async () => {
    const leaving = await createAccount(ctx, { name: "Leaving Person" });
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/account/delete",
      headers: authHeaders(ctx, leaving.cookie),
      payload: { password: leaving.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    const entry = await latest("account.deleted");
    expect(entry).toMatchObject({
      actor: { type: "customer", id: leaving.id, label: null },
      subject: { type: "user", id: leaving.id },
      after: { deleted: true },
    });
    const stored = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, leaving.id));
    expect(JSON.stringify(stored)).not.toContain(leaving.email);
    expect(JSON.stringify(stored)).not.toContain("Leaving Person");
  });

  it("keeps the chain intact through all of it", async () => {
    const result = await verify();
    expect(result.ok, result.reason).toBe(true);
    expect(result.checked).toBeGreaterThanOrEqual(10);
  });
});

describe("the admin page's list", () => {
  it("is for admins: 401 for nobody, 403 for a customer", async () => {
    for (const url of ["/api/admin/audit", "/api/admin/audit/verify"]) {
      expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
      expect(
        (await ctx.app.inject({ method: "GET", url, headers: { cookie: customer.cookie } })).statusCode,
      ).toBe(403);
    }
  });

  it("filters by action, by e-mail and by days, newest first, a page at a time", async () => {
    const all = await audit("?size=3");
    expect(all.entries).toHaveLength(3);
    const ids = all.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const next = await audit(`?size=3&after=${all.nextCursor}`);
    expect(Math.max(...next.entries.map((entry) => entry.id))).toBeLessThan(Math.min(...ids));
    const back = await audit(`?size=3&before=${next.previousCursor}`);
    expect(back.entries.map((entry) => entry.id)).toEqual(ids);

    const byAdmin = await audit(`?q=${encodeURIComponent(admin.email)}`);
    expect(byAdmin.entries.length).toBeGreaterThan(0);
    expect(byAdmin.matches?.count).toBe(byAdmin.entries.length);
    for (const entry of byAdmin.entries) {
      expect([entry.actor.email, entry.actor.label, entry.subject.email]).toContain(admin.email);
    }
    const aboutCustomer = await audit(`?action=user.role_changed&q=${encodeURIComponent(customer.email)}`);
    expect(aboutCustomer.entries.map((entry) => entry.subject.id)).toEqual([customer.id, customer.id]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}`)).entries.length).toBeGreaterThan(0);
    expect((await audit("?from=2001-01-01&to=2001-01-02")).entries).toEqual([]);
  });

  it("answers 400 for a bad filter or cursor, never 500", async () => {
    for (const query of [
      "?action=user.hacked",
      "?from=2026-02-30",
      "?from=2026-03-02&to=2026-03-01",
      "?after=%%%",
    ]) {
      const response = await ctx.app.inject({
        method: "GET",
        url: `/api/admin/audit${query}`,
        headers: asAdmin(),
      });
      expect(response.statusCode, query).toBe(400);
    }
    const forged = Buffer.from("2026-01-01T00:00:00.000000Z|x;drop", "utf8").toString("base64url");
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/audit?after=${forged}`,
      headers: asAdmin(),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("the chain", () => {
  it("is append-only in the database: updates, deletes and truncation are refused", async () => {
    await expect(ctx.db.execute(sql`update audit_log set action = 'nothing' where id = 1`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from audit_log where id = 1`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`update audit_head set last_id = 1`)).rejects.toThrow();
    await expect(
      ctx.db.execute(sql`insert into audit_log (id, at, actor_type, action, subject_type, prev_hash, hash)
        values (1000000, now(), 'system', 'user.role_changed', 'user', 'x', 'y')`),
    ).rejects.toThrow();
    expect((await verify()).ok).toBe(true);
  });

  it("names a row changed by hand, and is whole again once it is put back", async () => {
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "plan.price_changed"));
    if (!row) throw new Error("no row");
    await byHand(
      ctx.db,
      sql`update audit_log set after = jsonb_set(after, '{newPrice}', '1') where id = ${row.id}`,
    );
    expect(await verify()).toMatchObject({
      ok: false,
      checked: row.id - 1,
      firstBadRow: row.id,
      reason: `Audit row ${row.id} was changed: its hash does not match its contents.`,
    });
    await byHand(
      ctx.db,
      sql`update audit_log set after = ${JSON.stringify(row.after)}::jsonb where id = ${row.id}`,
    );
    expect((await verify()).ok).toBe(true);
  });

  it("names a row whose hash was recomputed after a change, by the row that no longer chains from it", async () => {
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, 2));
    if (!row) throw new Error("no row");
    await byHand(ctx.db, sql`update audit_log set hash = ${"f".repeat(64)} where id = 2`);
    expect(await verify()).toMatchObject({ ok: false, firstBadRow: 2 });
    await byHand(ctx.db, sql`update audit_log set hash = ${row.hash} where id = 2`);
  });

  it("names a removed row by the gap it leaves, and a removed last row by the head", async () => {
    const rows = await ctx.db.select().from(auditLog).orderBy(asc(auditLog.id));
    const middle = rows[3];
    const last = rows.at(-1);
    if (!middle || !last) throw new Error("no rows");
    await byHand(ctx.db, sql`delete from audit_log where id = ${middle.id}`);
    expect(await verify()).toMatchObject({
      ok: false,
      firstBadRow: middle.id,
      reason: `Audit row ${middle.id} is missing: row ${middle.id + 1} follows row ${middle.id - 1}.`,
    });
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(auditLog).values(middle);
    });
    expect((await verify()).ok).toBe(true);

    await byHand(ctx.db, sql`delete from audit_log where id = ${last.id}`);
    expect(await verify()).toMatchObject({ ok: false, firstBadRow: last.id });
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(auditLog).values(last);
    });
    expect((await verify()).ok).toBe(true);
  });

  it("stays one unbroken chain when twenty role changes race", async () => {
    const emails = Array.from({ length: 20 }, (_, index) => `racer${index}-${randomUUID()}@example.com`);
    await ctx.db.insert(user).values(emails.map((email) => ({ id: randomUUID(), name: "Racer", email })));
    const before = (await verify()).checked;
    const actor = { id: admin.id, email: admin.email };
    await Promise.all(emails.map((email) => setAdminRole(ctx.db, actor, email, true)));
    const result = await verify();
    expect(result).toEqual({ ok: true, checked: before + 20 });
  });

  it("is appended to only inside a transaction", async () => {
    await expect(
      recordAudit(ctx.db, {
        actor: { type: "system", label: "test" },
        action: "export.leads",
        subject: { type: "export" },
      }),
    ).rejects.toThrow(/inside the transaction/);
  });
});

const serverDir = fileURLToPath(new URL("../../..", import.meta.url));

/** `npm run audit:verify` as a person runs it, against the database in `env`. */
function runVerifyCommand(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const tsx = path.join(serverDir, "..", "node_modules", ".bin", "tsx");
  return new Promise((resolve) => {
    execFile(
      tsx,
      ["--conditions=source", "src/cli/audit-verify.ts"],
      { cwd: serverDir, env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe("npm run audit:verify", () => {
  it("says the log is intact, and fails naming the row changed by hand", { timeout: 120_000 }, async () => {
    // On PostgreSQL the command opens this file's database; the embedded database belongs to one
    // process, so there the log is written in a data directory of its own, closed, then opened by it.
    const dataDir = ctx.databaseUrl ? undefined : await mkdtemp(path.join(os.tmpdir(), "agency-audit-cli-"));
    const env: Record<string, string> = ctx.databaseUrl
      ? { DATABASE_URL: ctx.databaseUrl }
      : { DATA_DIR: dataDir ?? "" };
    /** Runs `use` on the command's database, closing the embedded one afterwards. */
    async function onTheDatabase<T>(use: (db: Database) => Promise<T>): Promise<T> {
      if (!dataDir) return use(ctx.db);
      const handle = await openPglite(dataDir);
      try {
        await handle.migrate();
        return await use(handle.db);
      } finally {
        await handle.close();
      }
    }
    try {
      const { checked, label } = await onTheDatabase(async (db) => {
        if (dataDir) {
          for (const name of ["first", "second", "third"]) {
            await db.transaction((tx) =>
              recordAudit(tx, {
                actor: { type: "system", label: name },
                action: "export.leads",
                subject: { type: "export", label: "leads" },
                after: { rows: 1 },
              }),
            );
          }
        }
        const [row] = await db.select().from(auditLog).where(eq(auditLog.id, 2));
        await byHand(db, sql`update audit_log set actor_label = 'someone else' where id = 2`);
        return { checked: (await verifyAuditChain(db)).checked, label: row?.actorLabel ?? null };
      });
      expect(checked).toBe(1);

      const broken = await runVerifyCommand(env);
      expect(broken.output).toContain("Audit row 2 was changed: its hash does not match its contents.");
      expect(broken.code).toBe(1);

      const total = await onTheDatabase(async (db) => {
        await byHand(db, sql`update audit_log set actor_label = ${label} where id = 2`);
        return (await verifyAuditChain(db)).checked;
      });
      const intact = await runVerifyCommand(env);
      expect(intact.output).toContain(`Audit log intact: ${total} entries checked.`);
      expect(intact.code).toBe(0);
    } finally {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  });
});
