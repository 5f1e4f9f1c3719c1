import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, createAccount, type TestAccount } from "../../../test/accounts.js";
import { auditPage, latestEntry, verifyChain } from "../../../test/audit-log.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { auditLog } from "../../db/schema.js";

let ctx: TestContext;
let admin: TestAccount;
let customer: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  // The owner: only the owner makes someone an Admin.
  admin = await createAccount(ctx, { role: "owner" });
  customer = await createAccount(ctx);
});
afterAll(() => ctx.close());

const asAdmin = () => ({ cookie: admin.cookie });
const audit = (query = "") => auditPage(ctx, admin, query);
const latest = (action: string) => latestEntry(ctx, admin, action);
const verify = () => verifyChain(ctx, admin);
const adminActor = () => ({ type: "admin", id: admin.id, label: admin.email });

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
