import { defaultPageTexts, defaultSite } from "@agency/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../test/accounts.js";
import { multipartFile } from "../test/files.js";
import { createTestApp, type TestContext } from "../test/helpers.js";
import { placeOrder, placePaidOrder, planIds } from "../test/orders.js";
import { promoCodeBody } from "../test/promo-codes.js";
import { jobs } from "./db/schema.js";
import type { Access } from "./plugins/authz.js";

/**
 * Every API route and who may call it. A route added without a line here fails this test, so each
 * new route gets a deliberate decision; admin routes are then called as nobody, a customer and an
 * admin below.
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

type Call = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  payload?: object;
  headers?: Record<string, string>;
};

let ctx: TestContext;
let customer: TestAccount;
let admin: TestAccount;
/** The account whose role the admin calls change (not the customer making the calls). */
let target: TestAccount;
let orderId: string;
/** A paid order, which the admin moves on and then cancels. */
let paidOrderId: string;
let planId: string;
let blogId: string;
let reviewId: string;
/** The job the order below queued. */
let jobId: string;
/** A small PNG for the image upload. */
let picture: { body: Buffer; contentType: string };
let serviceId: string;
/** A plan nobody ordered, which the admin deletes. */
let unorderedPlanId: string;
let promoId: string;

const promo = (code: string) => promoCodeBody(code);
const plan = {
  service: "Starter",
  title: "For a first campaign",
  duration: "monthly",
  month: "month",
  features: [1, 2, 3, 4].map((n) => ({ name: `Feature ${n}`, detail: "Included", included: true })),
  highlighted: false,
  backgroundColor: "#ffffff",
  color: "#1f2a44",
};
const service = {
  title: "Podcasts",
  description: "Shows people listen to.",
  image: "/images/services/seo.svg",
};

/** The ids of a catalog list as the admin sees it now, for a reorder that lists each once. */
async function idsOf(url: string): Promise<string[]> {
  const response = await ctx.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });
  return (response.json() as { _id: string }[]).map((item) => item._id).reverse();
}

/** A request an admin may make to each admin route, with real ids. */
async function adminCall(route: string): Promise<Call> {
  const blog = {
    title: "Spring offers",
    topic: "News",
    blogLink: "https://example.com/spring",
    img: "/images/blogs/landing-page.svg",
  };
  const calls: Record<string, Call> = {
    "GET /api/users": { method: "GET", url: "/api/users" },
    "PUT /api/user/admin/:email": { method: "PUT", url: `/api/user/admin/${target.email}` },
    "PUT /api/user/remove-admin/:email": { method: "PUT", url: `/api/user/remove-admin/${target.email}` },
    "GET /api/orders": { method: "GET", url: "/api/orders" },
    "GET /api/admin/payment/:id": { method: "GET", url: `/api/admin/payment/${orderId}` },
    "POST /api/blogs": { method: "POST", url: "/api/blogs", payload: blog },
    "PUT /api/blogs/:id": { method: "PUT", url: `/api/blogs/${blogId}`, payload: blog },
    "DELETE /api/blogs/:id": { method: "DELETE", url: `/api/blogs/${blogId}` },
    "GET /api/admin/blogs": { method: "GET", url: "/api/admin/blogs" },
    "PUT /api/admin/site/identity": { method: "PUT", url: "/api/admin/site/identity", payload: defaultSite },
    "PUT /api/admin/site/texts": { method: "PUT", url: "/api/admin/site/texts", payload: defaultPageTexts },
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
    "POST /api/admin/orders/:id/cancel": {
      method: "POST",
      url: `/api/admin/orders/${paidOrderId}/cancel`,
      payload: { refund: true },
    },
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
    "POST /api/admin/promo-codes/:id/enable": {
      method: "POST",
      url: `/api/admin/promo-codes/${promoId}/enable`,
    },
  };
  if (route === "PUT /api/admin/catalog/services-order") {
    return {
      method: "PUT",
      url: "/api/admin/catalog/services-order",
      payload: { ids: await idsOf("/api/admin/catalog/services") },
    };
  }
  if (route === "PUT /api/admin/catalog/plans-order") {
    return {
      method: "PUT",
      url: "/api/admin/catalog/plans-order",
      payload: { ids: await idsOf("/api/admin/catalog/plans") },
    };
  }
  const call = calls[route];
  if (!call) throw new Error(`No admin request written for ${route}: add one to this test.`);
  return call;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { METRICS_TOKEN: "metrics-token-for-the-tests-0123" } });
  customer = await createAccount(ctx);
  admin = await createAccount(ctx, { admin: true });
  target = await createAccount(ctx);
  const plans = await planIds(ctx);
  orderId = (await placeOrder(ctx, customer, plans.standardMonthly._id)).json().insertedId;
  paidOrderId = await placePaidOrder(ctx, customer, plans.premiumYearly._id);
  planId = plans.premiumYearly._id;
  blogId = (await ctx.app.inject({ method: "GET", url: "/api/blogs" })).json()[0]._id;
  reviewId = (await ctx.app.inject({ method: "GET", url: "/api/reviews" })).json()[0]._id;
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#3355aa" } })
    .png()
    .toBuffer();
  picture = multipartFile({ name: "logo.png", contentType: "image/png", content: png });
  const [job] = await ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, "mail.order-placed"));
  jobId = job?.id ?? "";
  serviceId = (await ctx.app.inject({ method: "GET", url: "/api/services" })).json()[0]._id;
  const asAdmin = { cookie: admin.cookie };
  const created = await ctx.app.inject({
    method: "POST",
    url: "/api/admin/catalog/plans",
    headers: asAdmin,
    payload: { ...plan, oldPrice: 0, newPrice: 39 },
  });
  unorderedPlanId = created.json().insertedId;
  const code = await ctx.app.inject({
    method: "POST",
    url: "/api/admin/promo-codes",
    headers: asAdmin,
    payload: promo("WELCOME10"),
  });
  promoId = code.json()._id;
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
