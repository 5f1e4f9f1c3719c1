import { builtInRoles, type Permission } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCallFor } from "../test/access-calls.js";
import { type AccessWorld, bookkeeper, type Call, prepareAccessWorld } from "../test/access-world.js";
import { createAccount, type TestAccount } from "../test/accounts.js";
import { createTestApp, type TestContext } from "../test/helpers.js";
import type { DeclaredAccess } from "./plugins/authz.js";

/**
 * Every API route and who may call it. A route added without a line here fails this test, so each
 * new route gets a deliberate decision; admin routes are then called as nobody, a customer and an
 * admin below, with the request server/test/access-calls.ts writes for each.
 */
const expectedAccess: Record<string, DeclaredAccess> = {
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
  "GET /api/company": "user",
  "GET /api/company/export": "user",
  "GET /api/company/invitations": "user",
  "GET /api/company/invitations/lookup": "public",
  "POST /api/company/invitations": "user",
  "POST /api/company/invitations/:id/resend": "user",
  "POST /api/company/invitations/accept": "user",
  "DELETE /api/company/invitations/:id": "user",
  "PATCH /api/company/people/:id": "user",
  "DELETE /api/company/people/:id": "user",
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
  "GET /api/users": "team:customers.view",
  "GET /api/admin/companies": "team:customers.view",
  "GET /api/admin/companies/:id": "team:customers.view",
  "POST /api/admin/companies/:id/invitations": "team:customers.view",
  "PUT /api/user/admin/:email": "team:team.manage",
  "PUT /api/user/remove-admin/:email": "team:team.manage",
  "GET /api/orders": "team:orders.work",
  "GET /api/admin/payment/:id": "team:money.view",
  "POST /api/blogs": "team:content.edit",
  "PUT /api/blogs/:id": "team:content.edit",
  "PUT /api/company": "user",
  "DELETE /api/blogs/:id": "team:content.edit",
  "GET /api/admin/blogs": "team:content.edit",
  "PUT /api/admin/site/identity": "team:content.edit",
  "PUT /api/admin/site/texts": "team:content.edit",
  "GET /api/admin/site/currency": "team:catalog.edit",
  "PUT /api/admin/site/currency": "team:catalog.edit",
  "GET /api/admin/site/invoicing": "team:sales.manage",
  "PUT /api/admin/site/invoicing": "team:sales.manage",
  "POST /api/admin/images": "team:content.edit",
  "GET /api/admin/leads": "team:customers.view",
  "GET /api/admin/leads.csv": "team:customers.view",
  "GET /api/admin/orders.csv": "team:money.view",
  "GET /api/admin/users.csv": "team:customers.view",
  "GET /api/admin/payments.csv": "team:money.view",
  "GET /api/admin/exports/accounting": "team:money.view",
  "GET /api/admin/overview": "team:money.view",
  "GET /api/admin/audit": "team:audit.view",
  "GET /api/admin/audit/verify": "team:audit.view",
  "GET /api/manage-reviews": "team:content.edit",
  "PATCH /api/manage-reviews/:id": "team:content.edit",
  "DELETE /api/review-delete/:id": "team:content.edit",
  "GET /api/admin/jobs": "team:shop.operate",
  "POST /api/admin/jobs/:id/retry": "team:shop.operate",
  "GET /api/admin/webhooks": "team:integrations.manage",
  "POST /api/admin/webhooks": "team:integrations.manage",
  "PUT /api/admin/webhooks/:id": "team:integrations.manage",
  "DELETE /api/admin/webhooks/:id": "team:integrations.manage",
  "GET /api/admin/webhooks/:id/deliveries": "team:integrations.manage",
  "POST /api/admin/webhook-deliveries/:id/resend": "team:integrations.manage",
  "GET /api/admin/subscriptions/summary": "team:money.view",
  "GET /api/admin/test-tools": "team:shop.operate",
  "POST /api/admin/test-tools/run-due": "team:shop.operate",
  "GET /api/order/:id": "user",
  "GET /api/order/:id/followers": "user",
  "PUT /api/order/:id/following": "user",
  "PUT /api/order/:id/brief": "user",
  "POST /api/order/:id/brief/confirm": "user",
  "POST /api/order/:id/approve": "user",
  "POST /api/order/:id/request-changes": "user",
  "GET /api/order/:id/messages": "user",
  "POST /api/order/:id/messages": "user",
  "GET /api/messages/unread": "user",
  "POST /api/order/:id/files": "user",
  "GET /api/files/:id": "user",
  "GET /api/admin/orders/:id": "team:orders.work",
  "POST /api/admin/orders/:id/state": "team:orders.work",
  "POST /api/admin/orders/:id/cancel": "team:orders.refund",
  "POST /api/admin/orders/:id/refunds": "team:orders.refund",
  "PUT /api/admin/orders/:id/assignee": "team:orders.assign",
  "PUT /api/admin/orders/:id/due": "team:orders.assign",
  "GET /api/team/assignees": "team:orders.assign",

  "GET /api/admin/board": "team:orders.work",
  "GET /api/admin/plans/:id/brief-questions": "team:catalog.edit",
  "PUT /api/admin/plans/:id/brief-questions": "team:catalog.edit",
  "GET /api/admin/catalog/services": "team:catalog.edit",
  "POST /api/admin/catalog/services": "team:catalog.edit",
  "PUT /api/admin/catalog/services/:id": "team:catalog.edit",
  "POST /api/admin/catalog/services/:id/archive": "team:catalog.edit",
  "POST /api/admin/catalog/services/:id/restore": "team:catalog.edit",
  "PUT /api/admin/catalog/services-order": "team:catalog.edit",
  "GET /api/admin/catalog/plans": "team:catalog.edit",
  "POST /api/admin/catalog/plans": "team:catalog.edit",
  "PUT /api/admin/catalog/plans/:id": "team:catalog.edit",
  "PUT /api/admin/catalog/plans/:id/price": "team:catalog.edit",
  "DELETE /api/admin/catalog/plans/:id": "team:catalog.edit",
  "POST /api/admin/catalog/plans/:id/restore": "team:catalog.edit",
  "PUT /api/admin/catalog/plans-order": "team:catalog.edit",
  "POST /api/admin/catalog/plans/:id/addons": "team:catalog.edit",
  "PUT /api/admin/catalog/addons/:id": "team:catalog.edit",
  "PUT /api/admin/catalog/plans/:id/addons-order": "team:catalog.edit",
  "DELETE /api/admin/catalog/addons/:id": "team:catalog.edit",
  "POST /api/promo/quote": "user",
  "GET /api/admin/promo-codes": "team:catalog.edit",
  "POST /api/admin/promo-codes": "team:catalog.edit",
  "PUT /api/admin/promo-codes/:id": "team:catalog.edit",
  "POST /api/admin/promo-codes/:id/disable": "team:catalog.edit",
  "POST /api/admin/promo-codes/:id/enable": "team:catalog.edit",
  "GET /api/team/roles": "team:team.manage",
  "POST /api/team/roles": "team:team.manage",
  "PUT /api/team/roles/:key": "team:team.manage",
  "DELETE /api/team/roles/:key": "team:team.manage",
  "PUT /api/team/members/:id/role": "team:team.manage",
  // Before the owner hands the shop over (the owner's own calls).
  "GET /api/two-factor": "user",
  "GET /api/team/two-factor": "team:team.manage",
  "PUT /api/team/two-factor": "team:team.manage",
  "POST /api/team/members/:id/two-factor/reset": "team:team.manage",
  "POST /api/team/owner": "team:team.manage",
  "GET /api/team/members": "team:team.manage",
  "POST /api/team/members/:id/suspend": "team:team.manage",
  "POST /api/team/members/:id/unsuspend": "team:team.manage",
  "DELETE /api/team/members/:id": "team:team.manage",
  "POST /api/team/invitations": "team:team.manage",
  "POST /api/team/invitations/:id/resend": "team:team.manage",
  "POST /api/team/invitations/:id/revoke": "team:team.manage",
  "GET /api/admin/api-keys": "team:integrations.manage",
  "POST /api/admin/api-keys": "team:integrations.manage",
  "POST /api/admin/api-keys/:id/revoke": "team:integrations.manage",
  "GET /api/admin/sales": "team:sales.manage",
  "POST /api/admin/sales": "team:sales.manage",
  "GET /api/admin/sales/:id": "team:sales.manage",
  "PUT /api/admin/sales/:id": "team:sales.manage",
  "DELETE /api/admin/sales/:id": "team:sales.manage",
  "POST /api/admin/sales/:id/send": "team:sales.manage",
  "POST /api/admin/sales/:id/revise": "team:sales.manage",
  "POST /api/admin/sales/:id/void": "team:sales.manage",
  "GET /api/admin/sales/:id/pdf": "team:sales.manage",
  "GET /api/admin/sales/:id/signed-pdf": "team:sales.manage",
  "GET /api/admin/sales/:id/payments": "team:money.view",
  "POST /api/admin/sales/:id/payments": "team:orders.refund",
  "POST /api/admin/sales/:id/payments/:paymentId/refund": "team:orders.refund",
  "GET /api/sales/:token/invitation": "public",
  "GET /api/sales/:token": "user",
  "POST /api/sales/:token/accept": "user",
  "POST /api/sales/:token/decline": "user",
  "POST /api/sales/:token/pay": "user",
  "POST /api/sales/:token/card": "user",
  "GET /api/admin/setup": "team:shop.operate",
  "GET /api/admin/orders/:id/time": "team:orders.work",
  "POST /api/admin/orders/:id/time": "team:orders.work",
  "POST /api/admin/orders/:id/time/start": "team:orders.work",
  "POST /api/admin/time/stop": "team:orders.work",
  "GET /api/admin/time/running": "team:orders.work",
  "GET /api/admin/time/week": "team:orders.work",
  "PATCH /api/admin/time/:id": "team:orders.work",
  "DELETE /api/admin/time/:id": "team:orders.work",
  "GET /api/admin/time.csv": "team:orders.work",
  "GET /api/order/:id/hours": "user",
  "GET /api/admin/workload": "team:orders.assign",
  "PUT /api/admin/workload/:id/capacity": "team:orders.assign",
  "PUT /api/admin/workload/:id/rate": "team:money.view",
  "GET /api/admin/companies/:id/unbilled-time": "team:money.view",
  "POST /api/admin/time/invoice": "team:sales.manage",
  "GET /api/admin/templates": "team:messages.send",
  "GET /api/admin/automations": "team:automations.manage",
  "POST /api/admin/automations": "team:automations.manage",
  "PUT /api/admin/automations/:id": "team:automations.manage",
  "POST /api/admin/automations/:id/pause": "team:automations.manage",
  "DELETE /api/admin/automations/:id": "team:automations.manage",
  "POST /api/admin/templates": "team:messages.send",
  "PUT /api/admin/templates/:id": "team:messages.send",
  "DELETE /api/admin/templates/:id": "team:messages.send",
  "GET /api/admin/orders/:id/templates/:templateId": "team:messages.send",
  "POST /api/admin/setup/dismiss": "team:shop.operate",
  "POST /api/sales/:token/card/confirm": "user",
  "GET /api/sales/:token/pdf": "user",
  "GET /api/sales/:token/signed-pdf": "user",
  "GET /api/team/invitations/lookup": "public",
  "POST /api/team/invitations/accept": "public",
};

const roles: Record<string, readonly Permission[]> = {
  owner: builtInRoles.owner.permissions,
  admin: builtInRoles.admin.permissions,
  staff: builtInRoles.staff.permissions,
  bookkeeper,
};

/** Routes that, beyond their permission, only the owner may use. */
const ownerOnly = [
  "PUT /api/user/admin/:email",
  "POST /api/team/owner",
  "PUT /api/team/two-factor",
  "POST /api/team/members/:id/two-factor/reset",
];

let ctx: TestContext;
let world: AccessWorld;
let customer: TestAccount;
let members: Record<string, TestAccount>;
let orderId: string;
const adminCall = (route: string) => adminCallFor(ctx, world, route);

beforeAll(async () => {
  ctx = await createTestApp({ env: { METRICS_TOKEN: "metrics-token-for-the-tests-0123" } });
  world = await prepareAccessWorld(ctx);
  ({ customer, orderId } = world);
  members = {
    owner: await createAccount(ctx, { role: "owner" }),
    admin: world.admin,
    staff: await createAccount(ctx, { role: "staff" }),
    bookkeeper: await createAccount(ctx, {
      role: "3f1d7c2e-0000-4000-8000-00000000b00c",
      permissions: bookkeeper.join(","),
    }),
  };
});
afterAll(() => ctx.close());

describe("who may call what", () => {
  it("has a decision for every API route, and only those routes", () => {
    expect(Object.fromEntries([...ctx.app.routeAccess].sort())).toEqual(
      Object.fromEntries(Object.entries(expectedAccess).sort()),
    );
  });

  const teamRoutes = Object.entries(expectedAccess)
    .filter(([, access]) => access.startsWith("team:"))
    .map(([route, access]) => [route, access.slice("team:".length) as Permission | "any"] as const);

  it.each(teamRoutes)(
    "%s (%s): 401 for nobody, 403 for a customer and for each role without the permission",
    async (route, permission) => {
      const call = await adminCall(route);
      const as = (account?: TestAccount) =>
        ctx.app.inject({
          ...call,
          headers: { ...call.headers, ...(account ? { cookie: account.cookie } : {}) },
        });
      expect([(await as()).statusCode, (await as(customer)).statusCode]).toEqual([401, 403]);
      const allowed = Object.keys(roles).filter(
        (role) => permission === "any" || roles[role]?.includes(permission),
      );
      for (const role of Object.keys(roles).filter((role) => !allowed.includes(role))) {
        const response = await as(members[role]);
        expect([role, response.statusCode]).toEqual([role, 403]);
      }
      // The admin's call does the work (the owner's, on a route only the owner may use); the
      // other roles allowed get past the check (the work may be done by then: a deleted post is
      // not there to delete twice).
      const doer = ownerOnly.includes(route) ? "owner" : "admin";
      const done = await as(members[doer]);
      expect(done.statusCode, done.body).toBeLessThan(300);
      for (const role of allowed.filter((role) => role !== doer)) {
        const response = await as(members[role]);
        if (ownerOnly.includes(route)) expect([role, response.statusCode]).toEqual([role, 403]);
        else expect([role, response.statusCode]).not.toEqual([role, 403]);
        expect(response.statusCode).not.toBe(401);
      }
    },
  );

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
