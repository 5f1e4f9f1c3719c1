import { defaultPageTexts, defaultSite } from "@agency/contract";
import { eq } from "drizzle-orm";
import { orders } from "../src/db/schema.js";
import { salesCalls } from "./access-calls-sales.js";
import { workdayCalls } from "./access-calls-workday.js";
import { type AccessWorld, type Call, plan, promo, service, webhookUrl } from "./access-world.js";
import type { TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";

// The request each team route gets in the access test, with the records access-world.ts made.

/** The ids of a catalog list as the admin sees it now, for a reorder that lists each once. */
async function idsOf(ctx: TestContext, admin: TestAccount, url: string): Promise<string[]> {
  const response = await ctx.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });
  return (response.json() as { _id: string }[]).map((item) => item._id).reverse();
}

/** The client company an order belongs to. */
async function companyOf(ctx: TestContext, orderId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row?.companyId) throw new Error("The order has no company.");
  return row.companyId;
}

/** A request an admin may make to each admin route, with real ids. */
export async function adminCallFor(ctx: TestContext, world: AccessWorld, route: string): Promise<Call> {
  const {
    admin,
    target,
    demoted,
    orderId,
    paidOrderId,
    refundOrderId,
    refundPaymentId,
    planId,
    blogId,
    reviewId,
    jobId,
    picture,
    serviceId,
    unorderedPlanId,
    promoId,
    addonId,
    member,
    editorsRoleId,
    spareRoleId,
    suspendee,
    leaver,
    invitationId,
    revocableInvitationId,
    webhookId,
    spareWebhookId,
    deliveryId,
    apiKeyId,
    sales,
  } = world;
  const blog = {
    title: "Spring offers",
    topic: "News",
    blogLink: "https://example.com/spring",
    img: "/images/blogs/landing-page.svg",
  };
  const calls: Record<string, Call> = {
    "GET /api/users": { method: "GET", url: "/api/users" },
    "GET /api/admin/companies": { method: "GET", url: "/api/admin/companies?q=a" },
    "GET /api/admin/companies/:id": {
      method: "GET",
      url: `/api/admin/companies/${await companyOf(ctx, orderId)}`,
    },
    "POST /api/admin/companies/:id/invitations": {
      method: "POST",
      url: `/api/admin/companies/${await companyOf(ctx, orderId)}/invitations`,
      payload: { email: "new-contact@client.example", role: "member" },
    },
    "PUT /api/user/admin/:email": { method: "PUT", url: `/api/user/admin/${target.email}` },
    "PUT /api/user/remove-admin/:email": { method: "PUT", url: `/api/user/remove-admin/${demoted.email}` },
    "GET /api/orders": { method: "GET", url: "/api/orders" },
    "GET /api/admin/payment/:id": { method: "GET", url: `/api/admin/payment/${orderId}` },
    "POST /api/blogs": { method: "POST", url: "/api/blogs", payload: blog },
    "PUT /api/blogs/:id": { method: "PUT", url: `/api/blogs/${blogId}`, payload: blog },
    "DELETE /api/blogs/:id": { method: "DELETE", url: `/api/blogs/${blogId}` },
    "GET /api/admin/blogs": { method: "GET", url: "/api/admin/blogs" },
    "PUT /api/admin/site/identity": { method: "PUT", url: "/api/admin/site/identity", payload: defaultSite },
    "PUT /api/admin/site/texts": { method: "PUT", url: "/api/admin/site/texts", payload: defaultPageTexts },
    "GET /api/admin/site/currency": { method: "GET", url: "/api/admin/site/currency" },
    ...workdayCalls(world, orderId, admin.id),
    // The currency it has already: the other calls' prices stay as they are.
    "PUT /api/admin/site/currency": {
      method: "PUT",
      url: "/api/admin/site/currency",
      payload: { currency: "USD", locale: "en-US" },
    },
    "POST /api/admin/images": {
      method: "POST",
      url: "/api/admin/images?kind=logo",
      payload: picture.body,
      headers: { "content-type": picture.contentType },
    },
    "GET /api/admin/leads": { method: "GET", url: "/api/admin/leads" },
    "GET /api/admin/leads.csv": { method: "GET", url: "/api/admin/leads.csv" },
    "GET /api/admin/orders.csv": { method: "GET", url: "/api/admin/orders.csv" },
    "GET /api/admin/users.csv": { method: "GET", url: "/api/admin/users.csv" },
    "GET /api/admin/payments.csv": { method: "GET", url: "/api/admin/payments.csv" },
    "GET /api/admin/overview": { method: "GET", url: "/api/admin/overview" },
    "GET /api/admin/audit": { method: "GET", url: "/api/admin/audit?action=user.role_changed" },
    "GET /api/admin/audit/verify": { method: "GET", url: "/api/admin/audit/verify" },
    "GET /api/manage-reviews": { method: "GET", url: "/api/manage-reviews?page=0&size=5" },
    "PATCH /api/manage-reviews/:id": {
      method: "PATCH",
      url: `/api/manage-reviews/${reviewId}`,
      payload: { hidden: true },
    },
    "DELETE /api/review-delete/:id": { method: "DELETE", url: `/api/review-delete/${reviewId}` },
    "GET /api/admin/jobs": { method: "GET", url: "/api/admin/jobs?status=queued" },
    "POST /api/admin/jobs/:id/retry": { method: "POST", url: `/api/admin/jobs/${jobId}/retry` },
    "GET /api/admin/webhooks": { method: "GET", url: "/api/admin/webhooks" },
    "POST /api/admin/webhooks": {
      method: "POST",
      url: "/api/admin/webhooks",
      payload: { url: webhookUrl, events: ["order.paid"] },
    },
    "PUT /api/admin/webhooks/:id": {
      method: "PUT",
      url: `/api/admin/webhooks/${webhookId}`,
      payload: { description: "The CRM" },
    },
    "DELETE /api/admin/webhooks/:id": { method: "DELETE", url: `/api/admin/webhooks/${spareWebhookId}` },
    "GET /api/admin/webhooks/:id/deliveries": {
      method: "GET",
      url: `/api/admin/webhooks/${webhookId}/deliveries?page=0&size=5`,
    },
    "POST /api/admin/webhook-deliveries/:id/resend": {
      method: "POST",
      url: `/api/admin/webhook-deliveries/${deliveryId}/resend`,
    },
    "GET /api/admin/subscriptions/summary": { method: "GET", url: "/api/admin/subscriptions/summary" },
    "GET /api/admin/test-tools": { method: "GET", url: "/api/admin/test-tools" },
    "POST /api/admin/test-tools/run-due": {
      method: "POST",
      url: "/api/admin/test-tools/run-due",
      payload: { advanceDays: 0 },
    },
    "GET /api/admin/orders/:id": { method: "GET", url: `/api/admin/orders/${paidOrderId}` },
    "POST /api/admin/orders/:id/state": {
      method: "POST",
      url: `/api/admin/orders/${paidOrderId}/state`,
      payload: { state: "in_progress" },
    },
    "PUT /api/admin/orders/:id/assignee": {
      method: "PUT",
      url: `/api/admin/orders/${paidOrderId}/assignee`,
      payload: { assigneeId: admin.id },
    },
    "PUT /api/admin/orders/:id/due": {
      method: "PUT",
      url: `/api/admin/orders/${paidOrderId}/due`,
      payload: { dueAt: "2026-12-01T17:00:00Z" },
    },
    "GET /api/team/assignees": { method: "GET", url: "/api/team/assignees" },
    "POST /api/admin/orders/:id/cancel": {
      method: "POST",
      url: `/api/admin/orders/${paidOrderId}/cancel`,
      payload: { refund: true },
    },
    "POST /api/admin/orders/:id/refunds": {
      method: "POST",
      url: `/api/admin/orders/${refundOrderId}/refunds`,
      payload: { paymentId: refundPaymentId, amount: 1, reason: "Goodwill" },
    },
    "GET /api/admin/board": { method: "GET", url: `/api/admin/board?assignee=me&plan=${planId}` },
    "GET /api/admin/plans/:id/brief-questions": {
      method: "GET",
      url: `/api/admin/plans/${planId}/brief-questions`,
    },
    "PUT /api/admin/plans/:id/brief-questions": {
      method: "PUT",
      url: `/api/admin/plans/${planId}/brief-questions`,
      payload: { questions: [{ label: "Your website", kind: "url", required: true }] },
    },
    "GET /api/admin/catalog/services": { method: "GET", url: "/api/admin/catalog/services" },
    "POST /api/admin/catalog/services": {
      method: "POST",
      url: "/api/admin/catalog/services",
      payload: service,
    },
    "PUT /api/admin/catalog/services/:id": {
      method: "PUT",
      url: `/api/admin/catalog/services/${serviceId}`,
      payload: service,
    },
    "POST /api/admin/catalog/services/:id/archive": {
      method: "POST",
      url: `/api/admin/catalog/services/${serviceId}/archive`,
    },
    "POST /api/admin/catalog/services/:id/restore": {
      method: "POST",
      url: `/api/admin/catalog/services/${serviceId}/restore`,
    },
    "GET /api/admin/catalog/plans": { method: "GET", url: "/api/admin/catalog/plans" },
    "POST /api/admin/catalog/plans": {
      method: "POST",
      url: "/api/admin/catalog/plans",
      payload: { ...plan, oldPrice: 0, newPrice: 49 },
    },
    "PUT /api/admin/catalog/plans/:id": {
      method: "PUT",
      url: `/api/admin/catalog/plans/${unorderedPlanId}`,
      payload: plan,
    },
    "PUT /api/admin/catalog/plans/:id/price": {
      method: "PUT",
      url: `/api/admin/catalog/plans/${unorderedPlanId}/price`,
      payload: { oldPrice: 60, newPrice: 45, applyToRenewals: false },
    },
    "DELETE /api/admin/catalog/plans/:id": {
      method: "DELETE",
      url: `/api/admin/catalog/plans/${unorderedPlanId}`,
    },
    "POST /api/admin/catalog/plans/:id/restore": {
      method: "POST",
      url: `/api/admin/catalog/plans/${planId}/restore`,
    },
    "POST /api/admin/catalog/plans/:id/addons": {
      method: "POST",
      url: `/api/admin/catalog/plans/${planId}/addons`,
      payload: { name: "Monthly call", price: 40, recurring: true },
    },
    "PUT /api/admin/catalog/addons/:id": {
      method: "PUT",
      url: `/api/admin/catalog/addons/${addonId}`,
      payload: { name: "Rush delivery", price: 30, recurring: false },
    },
    "PUT /api/admin/catalog/plans/:id/addons-order": {
      method: "PUT",
      url: `/api/admin/catalog/plans/${planId}/addons-order`,
      payload: {
        ids: (
          (await ctx.app.inject({ method: "GET", url: `/api/pricing/${planId}` })).json().addons as {
            _id: string;
          }[]
        )
          .map((addon) => addon._id)
          .reverse(),
      },
    },
    "DELETE /api/admin/catalog/addons/:id": {
      method: "DELETE",
      url: `/api/admin/catalog/addons/${addonId}`,
    },
    "GET /api/admin/promo-codes": { method: "GET", url: "/api/admin/promo-codes" },
    "POST /api/admin/promo-codes": {
      method: "POST",
      url: "/api/admin/promo-codes",
      payload: promo("WELCOME-ACCESS"),
    },
    "PUT /api/admin/promo-codes/:id": {
      method: "PUT",
      url: `/api/admin/promo-codes/${promoId}`,
      payload: promo("SPRING"),
    },
    "POST /api/admin/promo-codes/:id/disable": {
      method: "POST",
      url: `/api/admin/promo-codes/${promoId}/disable`,
    },
    "GET /api/team/roles": { method: "GET", url: "/api/team/roles" },
    "POST /api/team/roles": {
      method: "POST",
      url: "/api/team/roles",
      payload: { name: "Writers", permissions: ["content.edit", "messages.send"] },
    },
    "PUT /api/team/roles/:key": {
      method: "PUT",
      url: `/api/team/roles/${editorsRoleId}`,
      payload: { name: "Editors", permissions: ["content.edit", "catalog.edit"] },
    },
    "DELETE /api/team/roles/:key": { method: "DELETE", url: `/api/team/roles/${spareRoleId}` },
    "PUT /api/team/members/:id/role": {
      method: "PUT",
      url: `/api/team/members/${member.id}/role`,
      payload: { role: editorsRoleId },
    },
    "POST /api/team/owner": { method: "POST", url: "/api/team/owner", payload: { memberId: member.id } },
    "GET /api/team/members": { method: "GET", url: "/api/team/members" },
    "GET /api/team/two-factor": { method: "GET", url: "/api/team/two-factor" },
    // Not required: requiring it would close the team routes called after it to members without it.
    "PUT /api/team/two-factor": { method: "PUT", url: "/api/team/two-factor", payload: { required: false } },
    "POST /api/team/members/:id/two-factor/reset": {
      method: "POST",
      url: `/api/team/members/${member.id}/two-factor/reset`,
    },
    "POST /api/team/members/:id/suspend": {
      method: "POST",
      url: `/api/team/members/${suspendee.id}/suspend`,
    },
    "POST /api/team/members/:id/unsuspend": {
      method: "POST",
      url: `/api/team/members/${suspendee.id}/unsuspend`,
    },
    "DELETE /api/team/members/:id": { method: "DELETE", url: `/api/team/members/${leaver.id}` },
    "POST /api/team/invitations": {
      method: "POST",
      url: "/api/team/invitations",
      payload: { email: "invited-by-call@example.com", role: "staff" },
    },
    "POST /api/team/invitations/:id/resend": {
      method: "POST",
      url: `/api/team/invitations/${invitationId}/resend`,
    },
    "POST /api/team/invitations/:id/revoke": {
      method: "POST",
      url: `/api/team/invitations/${revocableInvitationId}/revoke`,
    },
    ...salesCalls(sales),
    "POST /api/admin/promo-codes/:id/enable": {
      method: "POST",
      url: `/api/admin/promo-codes/${promoId}/enable`,
    },
    "GET /api/admin/api-keys": { method: "GET", url: "/api/admin/api-keys" },
    "POST /api/admin/api-keys": {
      method: "POST",
      url: "/api/admin/api-keys",
      payload: { name: "Reporting", role: "staff", expiresAt: "2099-01-01" },
    },
    "POST /api/admin/api-keys/:id/revoke": { method: "POST", url: `/api/admin/api-keys/${apiKeyId}/revoke` },
  };
  if (route === "PUT /api/admin/catalog/services-order") {
    return {
      method: "PUT",
      url: "/api/admin/catalog/services-order",
      payload: { ids: await idsOf(ctx, admin, "/api/admin/catalog/services") },
    };
  }
  if (route === "PUT /api/admin/catalog/plans-order") {
    return {
      method: "PUT",
      url: "/api/admin/catalog/plans-order",
      payload: { ids: await idsOf(ctx, admin, "/api/admin/catalog/plans") },
    };
  }
  const call = calls[route];
  if (!call)
    throw new Error(
      `No admin request written for ${route}: add one to adminCallFor in server/test/access-calls.ts.`,
    );
  return call;
}
