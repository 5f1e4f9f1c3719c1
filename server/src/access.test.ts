import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestAccount } from "../test/accounts.js";
import { createTestApp, type TestContext } from "../test/helpers.js";
import { type AccessWorld, adminCallFor, type Call, prepareAccessWorld } from "./access-fixtures.js";
import type { Access } from "./plugins/authz.js";

/**
 * Every API route and who may call it. A route added without a line here fails this test, so each
 * new route gets a deliberate decision; admin routes are then called as nobody, a customer and an
 * admin below, with the request access-fixtures.ts writes for each.
 */
const expectedAccess: Record<string, Access> = {
  "GET /api/health": "public",
  "GET /api/ready": "public",
  "GET /api/metrics": "operator",
  "GET /api/services": "public",
  "GET /api/pricing": "public",
  "GET /api/pricing/:id": "public",
  "GET /api/pricing/:id/terms": "public",
  "GET /api/order/:id/terms": "user",
  "GET /api/reviews": "public",
  "GET /api/review-count": "public",
  "GET /api/blogs": "public",
  "GET /api/blogs/:slug": "public",
  "GET /api/site/content": "public",
  "GET /api/images/:name": "public",
  "GET /api/site": "public",
  "POST /api/leads/contact": "public",
  "POST /api/leads/query": "public",
  "POST /api/newsletter": "public",
  "POST /api/newsletter/confirm": "public",
  "POST /api/mail/unsubscribe": "public",
  "GET /api/mail/preferences": "user",
  "PUT /api/mail/preferences": "user",
  "GET /api/receipts": "user",
  "GET /api/receipts/:id": "user",
  "GET /api/receipts/:id/pdf": "user",
  "GET /api/order/:id/receipt": "user",
  "GET /api/sign-in-options": "public",
  "GET /api/auth/*": "public",
  "POST /api/auth/*": "public",
  "PUT /api/user/:email": "user",
  "GET /api/admin/:email": "user",
  "POST /api/order": "user",
  "GET /api/order": "user",
  "DELETE /api/order/:id": "user",
  "GET /api/dashboard/payment/:id": "user",
  "POST /api/create-payment-intent": "user",
  "PATCH /api/order/:id": "user",
  "GET /api/payment-history/:email": "user",
  "POST /api/payments/test/confirm": "user",
  "POST /api/subscriptions/:id/cancel": "user",
  "POST /api/subscriptions/:id/resume": "user",
  "POST /api/subscriptions/:id/card": "user",
  "GET /api/subscriptions/:id/card-link": "user",
  "POST /api/reviews": "user",
  "GET /api/my-reviews": "user",
  "DELETE /api/my-reviews/:id": "user",
  "GET /api/account/export": "user",
  "GET /api/account/export.zip": "user",
  "POST /api/account/delete": "user",
  "POST /api/account/delete/confirm": "user",
  "GET /api/users": "admin",
  "PUT /api/user/admin/:email": "admin",
  "PUT /api/user/remove-admin/:email": "admin",
  "GET /api/orders": "admin",
  "GET /api/admin/payment/:id": "admin",
  "POST /api/blogs": "admin",
  "PUT /api/blogs/:id": "admin",
  "DELETE /api/blogs/:id": "admin",
  "GET /api/admin/blogs": "admin",
  "PUT /api/admin/site/identity": "admin",
  "PUT /api/admin/site/texts": "admin",
  "POST /api/admin/images": "admin",
  "GET /api/admin/leads": "admin",
  "GET /api/admin/leads.csv": "admin",
  "GET /api/admin/orders.csv": "admin",
  "GET /api/admin/users.csv": "admin",
  "GET /api/admin/payments.csv": "admin",
  "GET /api/admin/overview": "admin",
  "GET /api/admin/audit": "admin",
  "GET /api/admin/audit/verify": "admin",
  "GET /api/manage-reviews": "admin",
  "PATCH /api/manage-reviews/:id": "admin",
  "DELETE /api/review-delete/:id": "admin",
  "GET /api/admin/jobs": "admin",
  "POST /api/admin/jobs/:id/retry": "admin",
  "GET /api/admin/subscriptions/summary": "admin",
  "GET /api/admin/test-tools": "admin",
  "POST /api/admin/test-tools/run-due": "admin",
  "GET /api/order/:id": "user",
  "PUT /api/order/:id/brief": "user",
  "POST /api/order/:id/brief/confirm": "user",
  "POST /api/order/:id/approve": "user",
  "POST /api/order/:id/request-changes": "user",
  "GET /api/order/:id/messages": "user",
  "POST /api/order/:id/messages": "user",
  "GET /api/messages/unread": "user",
  "POST /api/order/:id/files": "user",
  "GET /api/files/:id": "user",
  "GET /api/admin/orders/:id": "admin",
  "POST /api/admin/orders/:id/state": "admin",
  "POST /api/admin/orders/:id/cancel": "admin",
  "GET /api/admin/plans/:id/brief-questions": "admin",
  "PUT /api/admin/plans/:id/brief-questions": "admin",
  "GET /api/admin/catalog/services": "admin",
  "POST /api/admin/catalog/services": "admin",
  "PUT /api/admin/catalog/services/:id": "admin",
  "POST /api/admin/catalog/services/:id/archive": "admin",
  "POST /api/admin/catalog/services/:id/restore": "admin",
  "PUT /api/admin/catalog/services-order": "admin",
  "GET /api/admin/catalog/plans": "admin",
  "POST /api/admin/catalog/plans": "admin",
  "PUT /api/admin/catalog/plans/:id": "admin",
  "PUT /api/admin/catalog/plans/:id/price": "admin",
  "DELETE /api/admin/catalog/plans/:id": "admin",
  "POST /api/admin/catalog/plans/:id/restore": "admin",
  "PUT /api/admin/catalog/plans-order": "admin",
  "POST /api/promo/quote": "user",
  "GET /api/admin/promo-codes": "admin",
  "POST /api/admin/promo-codes": "admin",
  "PUT /api/admin/promo-codes/:id": "admin",
  "POST /api/admin/promo-codes/:id/disable": "admin",
  "POST /api/admin/promo-codes/:id/enable": "admin",
};

let ctx: TestContext;
let world: AccessWorld;
let customer: TestAccount;
let admin: TestAccount;
let orderId: string;
const adminCall = (route: string) => adminCallFor(ctx, world, route);

beforeAll(async () => {
  ctx = await createTestApp({ env: { METRICS_TOKEN: "metrics-token-for-the-tests-0123" } });
  world = await prepareAccessWorld(ctx);
  ({ customer, admin, orderId } = world);
});
afterAll(() => ctx.close());

describe("who may call what", () => {
  it("has a decision for every API route, and only those routes", () => {
    expect(Object.fromEntries([...ctx.app.routeAccess].sort())).toEqual(
      Object.fromEntries(Object.entries(expectedAccess).sort()),
    );
  });

  const adminRoutes = Object.entries(expectedAccess)
    .filter(([, access]) => access === "admin")
    .map(([route]) => route);

  it.each(adminRoutes)("%s: 401 for nobody, 403 for a customer, allowed for an admin", async (route) => {
    const call = await adminCall(route);
    const anonymous = await ctx.app.inject(call);
    const asCustomer = await ctx.app.inject({
      ...call,
      headers: { ...call.headers, cookie: customer.cookie },
    });
    expect([anonymous.statusCode, asCustomer.statusCode]).toEqual([401, 403]);
    const asAdmin = await ctx.app.inject({ ...call, headers: { ...call.headers, cookie: admin.cookie } });
    expect(asAdmin.statusCode, asAdmin.body).toBeLessThan(300);
  });

  const userRoutes = Object.entries(expectedAccess)
    .filter(([, access]) => access === "user")
    .map(([route]) => route.split(" ") as [Call["method"], string]);

  it.each(userRoutes)("%s %s: 401 for nobody", async (method, path) => {
    const url = path.replace(":email", customer.email).replace(":id", orderId);
    const response = await ctx.app.inject({
      method,
      url,
      payload: method === "GET" || method === "DELETE" ? undefined : {},
    });
    expect(response.statusCode).toBe(401);
  });
});
