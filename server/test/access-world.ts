import type { Permission } from "@agency/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { jobs, orders, payments, webhookDeliveries } from "../src/db/schema.js";
import { fanOut } from "../src/modules/webhooks/index.js";
import { createAccount, type TestAccount } from "./accounts.js";
import { multipartFile } from "./files.js";
import type { TestContext } from "./helpers.js";
import { placeOrder, placePaidOrder, planIds } from "./orders.js";
import { promoCodeBody } from "./promo-codes.js";
import { invoiceBody, signedQuote, writeQuote } from "./sales.js";

export type Call = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  payload?: object;
  headers?: Record<string, string>;
};

/** The accounts making the calls, and the records the admin calls act on. */
export type AccessWorld = {
  customer: TestAccount;
  admin: TestAccount;
  /** The account whose role the admin calls change (not the customer making the calls). */
  target: TestAccount;
  /** A staff member the users page's "Remove admin" makes a customer (only the owner removes Admins). */
  demoted: TestAccount;
  orderId: string;
  /** A paid order, which the admin moves on and then cancels. */
  paidOrderId: string;
  /** Another paid order and its payment, which the admin refunds a dollar of at a time. */
  refundOrderId: string;
  refundPaymentId: string;
  planId: string;
  blogId: string;
  reviewId: string;
  /** The job the order below queued. */
  jobId: string;
  /** A small PNG for the image upload. */
  picture: { body: Buffer; contentType: string };
  serviceId: string;
  /** A plan nobody ordered, which the admin deletes. */
  unorderedPlanId: string;
  promoId: string;
  /** An add-on of the plan above, which the admin edits and then removes. */
  addonId: string;
  /** A staff member whose role the team calls change, and who is handed the shop. */
  member: TestAccount;
  /** Custom roles: one to edit, one to delete. */
  editorsRoleId: string;
  spareRoleId: string;
  /** Staff members: one suspended (then let back in), one removed from the team. */
  suspendee: TestAccount;
  leaver: TestAccount;
  /** Open invitations: one sent again, one withdrawn. */
  invitationId: string;
  revocableInvitationId: string;
  /** Webhook endpoints: one the admin changes, one removed; a delivery of the first to send again. */
  webhookId: string;
  spareWebhookId: string;
  deliveryId: string;
  /** An API key, which the admin revokes. */
  apiKeyId: string;
  /** The admin's time entry on `orderId`, to change and delete. */
  timeEntryId: string;
  /** Rules: one to change and pause, one to delete. */
  rules: { id: string; spareId: string };
  /** Reply templates: one to change, one to delete. */
  templates: { id: string; spareId: string };
  /** A billable entry of the admin (who has an hourly rate) on `paidOrderId`, and its company. */
  billing: { entryId: string; companyId: string };
  /** Quotes: drafts to change and delete, sent ones to revise and to void. */
  sales: {
    draftId: string;
    spareDraftId: string;
    sentId: string;
    voidableId: string;
    /** A quote the customer accepted and signed. */
    signedId: string;
    /** A sent invoice to the customer, with a recorded payment (`recordedId`) to refund from. */
    invoiceId: string;
    recordedId: string;
  };
};

/** An address nothing answers on: the access test runs no job, so nothing is sent to it. */
export const webhookUrl = "http://127.0.0.1:9/hooks";

/** A role the owner made: the books, without the work. */
export const bookkeeper: readonly Permission[] = ["money.view", "audit.view", "customers.view"];

export const promo = (code: string) => promoCodeBody(code);
export const plan = {
  service: "Starter",
  title: "For a first campaign",
  duration: "monthly",
  month: "month",
  features: [1, 2, 3, 4].map((n) => ({ name: `Feature ${n}`, detail: "Included", included: true })),
  highlighted: false,
  backgroundColor: "#ffffff",
  color: "#1f2a44",
};
export const service = {
  title: "Podcasts",
  description: "Shows people listen to.",
  image: "/images/services/seo.svg",
};

/** Makes the accounts and records every admin route below has something real to act on. */
export async function prepareAccessWorld(ctx: TestContext): Promise<AccessWorld> {
  const customer = await createAccount(ctx);
  const admin = await createAccount(ctx, { admin: true });
  const target = await createAccount(ctx);
  const demoted = await createAccount(ctx, { role: "staff" });
  const addWebhook = async () =>
    (
      await ctx.app.inject({
        method: "POST",
        url: "/api/admin/webhooks",
        headers: { cookie: admin.cookie },
        payload: { url: webhookUrl, events: ["order.created"] },
      })
    ).json()._id as string;
  const webhookId = await addWebhook();
  const spareWebhookId = await addWebhook();
  const plans = await planIds(ctx);
  const orderId = (await placeOrder(ctx, customer, plans.standardMonthly._id)).json().insertedId;
  const paidOrderId = await placePaidOrder(ctx, customer, plans.premiumYearly._id);
  const refundOrderId = await placePaidOrder(ctx, await createAccount(ctx), plans.standardMonthly._id);
  const [refunded] = await ctx.db.select().from(payments).where(eq(payments.orderId, refundOrderId));
  if (!refunded) throw new Error("the paid order has no payment");
  const planId = plans.premiumYearly._id;
  const blogId = (await ctx.app.inject({ method: "GET", url: "/api/blogs" })).json()[0]._id;
  const reviewId = (await ctx.app.inject({ method: "GET", url: "/api/reviews" })).json()[0]._id;
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#3355aa" } })
    .png()
    .toBuffer();
  const picture = multipartFile({ name: "logo.png", contentType: "image/png", content: png });
  const [job] = await ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, "mail.order-placed"));
  const jobId = job?.id ?? "";
  // The order's event becomes a delivery when the delivery worker next looks.
  await fanOut(ctx.db, 100);
  const [delivery] = await ctx.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, webhookId));
  const deliveryId = delivery?.id ?? "";
  const serviceId = (await ctx.app.inject({ method: "GET", url: "/api/services" })).json()[0]._id;
  const asAdmin = { cookie: admin.cookie };
  const created = await ctx.app.inject({
    method: "POST",
    url: "/api/admin/catalog/plans",
    headers: asAdmin,
    payload: { ...plan, oldPrice: 0, newPrice: 39 },
  });
  const unorderedPlanId = created.json().insertedId;
  const code = await ctx.app.inject({
    method: "POST",
    url: "/api/admin/promo-codes",
    headers: asAdmin,
    payload: promo("WELCOME10"),
  });
  const promoId = code.json()._id;
  const addon = async (name: string) =>
    (
      await ctx.app.inject({
        method: "POST",
        url: `/api/admin/catalog/plans/${planId}/addons`,
        headers: asAdmin,
        payload: { name, price: 25, recurring: false },
      })
    ).json()._id as string;
  const addonId = await addon("Rush delivery");
  await addon("Extra report");
  const member = await createAccount(ctx, { role: "staff" });
  const role = async (name: string) =>
    (
      await ctx.app.inject({
        method: "POST",
        url: "/api/team/roles",
        headers: asAdmin,
        payload: { name, permissions: ["content.edit"] },
      })
    ).json().key as string;
  const editorsRoleId = await role("Editors");
  const spareRoleId = await role("Spare");
  const suspendee = await createAccount(ctx, { role: "staff" });
  const leaver = await createAccount(ctx, { role: "staff" });
  const invite = async (email: string) =>
    (
      await ctx.app.inject({
        method: "POST",
        url: "/api/team/invitations",
        headers: asAdmin,
        payload: { email, role: "staff" },
      })
    ).json().id as string;
  const invitationId = await invite("invited-access@example.com");
  const revocableInvitationId = await invite("revocable-access@example.com");
  const key = await ctx.app.inject({
    method: "POST",
    url: "/api/admin/api-keys",
    headers: asAdmin,
    payload: { name: "Revocable", role: "staff" },
  });
  const apiKeyId = key.json().id as string;
  const time = await ctx.app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/time`,
    headers: asAdmin,
    payload: { day: "2026-01-05", minutes: 30, note: "Kick-off call" },
  });
  const timeEntryId = (time.json() as { entries: { _id: string }[] }).entries[0]?._id ?? "";
  await ctx.app.inject({
    method: "PUT",
    url: `/api/admin/workload/${admin.id}/rate`,
    headers: asAdmin,
    payload: { rate: 60 },
  });
  const billed = await ctx.app.inject({
    method: "POST",
    url: `/api/admin/orders/${paidOrderId}/time`,
    headers: asAdmin,
    payload: { day: "2026-01-05", minutes: 90, note: "Analytics set-up" },
  });
  const [paidOrder] = await ctx.db
    .select({ companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, paidOrderId));
  const template = async (name: string) => {
    const saved = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/templates",
      headers: asAdmin,
      payload: { name, body: "Hello {{customer.name}}, order {{order.number}} is on its way." },
    });
    return (saved.json() as { _id: string; name: string }[]).find((item) => item.name === name)?._id ?? "";
  };
  const templates = { id: await template("Welcome"), spareId: await template("Spare") };
  const rule = async (name: string) => {
    const saved = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/automations",
      headers: asAdmin,
      payload: { name, trigger: "delivered", actions: [{ type: "set_due", days: 3 }] },
    });
    return (saved.json() as { _id: string; name: string }[]).find((item) => item.name === name)?._id ?? "";
  };
  const rules = { id: await rule("Due after delivery"), spareId: await rule("Spare rule") };
  const billing = {
    entryId: (billed.json() as { entries: { _id: string }[] }).entries[0]?._id ?? "",
    companyId: paidOrder?.companyId ?? "",
  };
  const sales = {
    draftId: await writeQuote(ctx, admin),
    spareDraftId: await writeQuote(ctx, admin),
    sentId: await writeQuote(ctx, admin, { send: true }),
    voidableId: await writeQuote(ctx, admin, { send: true }),
    signedId: await signedQuote(ctx, admin, customer),
    ...(await invoiceWithRecordedPayment(ctx, admin, customer.email)),
  };
  return {
    apiKeyId,
    timeEntryId,
    templates,
    rules,
    billing,
    sales,
    suspendee,
    leaver,
    invitationId,
    revocableInvitationId,
    webhookId,
    spareWebhookId,
    deliveryId,
    member,
    editorsRoleId,
    spareRoleId,
    customer,
    admin,
    target,
    demoted,
    orderId,
    paidOrderId,
    refundOrderId,
    refundPaymentId: refunded.id,
    planId,
    blogId,
    reviewId,
    jobId,
    picture,
    serviceId,
    unorderedPlanId,
    promoId,
    addonId,
  };
}

/** A sent invoice to `email`, of which 100 was recorded as received by bank transfer. */
async function invoiceWithRecordedPayment(ctx: TestContext, admin: TestAccount, email: string) {
  // For work already done: it starts none, so a transfer is recorded against it.
  const invoiceId = await writeQuote(ctx, admin, {
    send: true,
    body: invoiceBody({ email, startsWork: false }),
  });
  const recorded = await ctx.app.inject({
    method: "POST",
    url: `/api/admin/sales/${invoiceId}/payments`,
    headers: { cookie: admin.cookie },
    payload: { date: new Date().toISOString().slice(0, 10), amount: 100, method: "bank_transfer" },
  });
  if (recorded.statusCode !== 200) throw new Error(`the payment was not recorded: ${recorded.body}`);
  const recordedId = (recorded.json() as { payments: { _id: string }[] }).payments[0]?._id ?? "";
  return { invoiceId, recordedId };
}
