import { builtInRoles, type ClientRole, type Permission, permissions } from "@agency/contract";
import { eq } from "drizzle-orm";
import { orders, payments, subscriptions, user } from "../src/db/schema.js";
import { addPersonToCompany } from "../src/modules/companies/index.js";
import { fanOut } from "../src/modules/webhooks/index.js";
import { createAccount, type TestAccount } from "./accounts.js";
import { uploadFile } from "./files.js";
import type { TestContext } from "./helpers.js";
import { payWithTestCard, placeOrder } from "./orders.js";
import { createPromoCode } from "./promo-codes.js";

/**
 * One shop in use, for walking the API as every kind of caller: two customers' paid orders, one
 * assigned to a Staff member and one assigned to nobody, each with a payment, a receipt, a partial
 * refund (credit note), a message and a file, at prices nothing else in the shop has, so that any
 * answer holding them can be found by searching its text.
 */

/** Everything that belongs to one customer's order, and how it shows in an answer. */
export type OrderTrail = {
  customer: TestAccount;
  /** The phone number given at checkout, as stored (its digits). */
  phone: string;
  orderId: string;
  /** The client company the order belongs to. */
  companyId: string;
  planId: string;
  subscriptionId: string;
  paymentId: string;
  /** The payment provider's id of the payment. */
  transactionId: string;
  receiptId: string;
  refundPaymentId: string;
  creditNoteId: string;
  refundReason: string;
  messageId: string;
  messageBody: string;
  fileId: string;
  fileName: string;
  /** The order's money, in dollars: its price (paid), the part refunded, and what is left. */
  amounts: { price: number; refunded: number; net: number };
};

export type Caller = {
  /** How failures name the caller: a permission, "staff", "admin" or a customer. */
  name: string;
  account: TestAccount;
  /** The caller's team permissions (none for a customer). */
  permissions: readonly Permission[];
  /** Admin and Owner: the whole shop. */
  isAdmin: boolean;
  /** One of the people of the client company that holds that order, with their client role. */
  client?: { of: "assigned" | "unassigned"; role: ClientRole };
};

export type VisibilityWorld = {
  admin: TestAccount;
  staff: TestAccount;
  /** Customer A's order, assigned to the Staff member. */
  assigned: OrderTrail;
  /** Customer B's order, assigned to nobody. */
  unassigned: OrderTrail;
  /** A customer with no order of either. */
  stranger: TestAccount;
  webhookId: string;
  /** A published blog post's slug (public, walked for completeness). */
  blogSlug: string;
  /** Every caller of the walk, the admin last (its calls may move the orders on). */
  callers: Caller[];
};

/** Prices and refunds found nowhere else in the shop (the plans are repriced once bought). */
const assignedAmounts = { price: 7315.29, refunded: 1357.91 };
const unassignedAmounts = { price: 8462.53, refunded: 2468.13 };

/** What the catalog asks above the price paid, taken off again by a promo code. */
const catalogMarkup = 100.13;
const listPriceOf = (price: number) => Math.round((price + catalogMarkup) * 100) / 100;

const planBody = (title: string, price: number) => ({
  service: "Starter",
  title,
  duration: "monthly",
  month: "month",
  features: [1, 2, 3, 4].map((n) => ({ name: `Feature ${n}`, detail: "Included", included: true })),
  highlighted: false,
  backgroundColor: "#ffffff",
  color: "#1f2a44",
  oldPrice: 0,
  newPrice: price,
});

async function must<T>(what: string, call: Promise<{ statusCode: number; body: string; json(): T }>) {
  const response = await call;
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function orderTrail(
  ctx: TestContext,
  admin: TestAccount,
  person: { name: string; email: string; phone: string; tag: string },
  money: { price: number; refunded: number },
): Promise<OrderTrail> {
  const asAdmin = { cookie: admin.cookie };
  const customer = await createAccount(ctx, { name: person.name, email: person.email });
  const plan = await must<{ insertedId: string }>(
    "plan",
    ctx.app.inject({
      method: "POST",
      url: "/api/admin/catalog/plans",
      headers: asAdmin,
      payload: planBody(`Campaign for ${person.tag}`, listPriceOf(money.price)),
    }),
  );
  // The price paid is the plan's less a code's discount: no catalog price or audit entry of the
  // catalog ever shows it, so finding it in an answer means the order's money was shown.
  const code = `VIS${person.tag.toUpperCase().replace(/[^A-Z0-9]/g, "")}`;
  await createPromoCode(ctx, admin, code, { kind: "fixed", value: catalogMarkup, planId: plan.insertedId });
  const placed = await placeOrder(ctx, customer, plan.insertedId, { phone: person.phone, promoCode: code });
  const orderId: string = placed.json().insertedId;
  if (!orderId) throw new Error(`order: ${placed.body}`);
  const paid = await payWithTestCard(ctx, customer, orderId);
  if (paid.statusCode !== 200) throw new Error(`payment: ${paid.body}`);
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error("the paid order has no payment");
  const [subscription] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, orderId));
  const receipt = await must<{ _id: string }>(
    "receipt",
    ctx.app.inject({
      method: "GET",
      url: `/api/order/${orderId}/receipt`,
      headers: { cookie: customer.cookie },
    }),
  );
  const refundReason = `Goodwill credit for ${person.tag}`;
  await must(
    "refund",
    ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: asAdmin,
      payload: { paymentId: payment.id, amount: money.refunded, reason: refundReason },
    }),
  );
  const detail = await must<{ refunds: { paymentId: string; receiptId: string | null }[] }>(
    "order detail",
    ctx.app.inject({ method: "GET", url: `/api/admin/orders/${orderId}`, headers: asAdmin }),
  );
  const refund = detail.refunds[0];
  if (!refund?.receiptId) throw new Error(`no credit note: ${JSON.stringify(detail.refunds)}`);
  const fileName = `brief-of-${person.tag}.txt`;
  const file = await uploadFile(ctx, customer, orderId, {
    name: fileName,
    contentType: "text/plain",
    content: `What ${person.tag} wants done.`,
  });
  if (file.statusCode >= 300) throw new Error(`file: ${file.statusCode} ${file.body}`);
  const fileId = (file.json() as { _id: string })._id;
  const messageBody = `Thread note from ${person.tag}`;
  const message = await must<{ _id: string }>(
    "message",
    ctx.app.inject({
      method: "POST",
      url: `/api/order/${orderId}/messages`,
      headers: { cookie: customer.cookie },
      payload: { body: messageBody, fileIds: [fileId] },
    }),
  );
  // The catalog moves on: what the order paid is the order's alone, not a price anyone may read.
  await must(
    "reprice",
    ctx.app.inject({
      method: "PUT",
      url: `/api/admin/catalog/plans/${plan.insertedId}/price`,
      headers: asAdmin,
      payload: { oldPrice: 0, newPrice: 49, applyToRenewals: false },
    }),
  );
  const net = Math.round((money.price - money.refunded) * 100) / 100;
  const [placedIn] = await ctx.db
    .select({ companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return {
    customer,
    phone: person.phone,
    orderId,
    companyId: placedIn?.companyId ?? "",
    planId: plan.insertedId,
    subscriptionId: subscription?.id ?? "",
    paymentId: payment.id,
    transactionId: payment.transactionId,
    receiptId: receipt._id,
    refundPaymentId: refund.paymentId,
    creditNoteId: refund.receiptId,
    refundReason,
    messageId: message._id,
    messageBody,
    fileId,
    fileName,
    amounts: { ...money, net },
  };
}

/** Builds the shop: accounts for every caller, both orders with everything they carry. */
export async function prepareVisibilityWorld(ctx: TestContext): Promise<VisibilityWorld> {
  const admin = await createAccount(ctx, { admin: true });
  const asAdmin = { cookie: admin.cookie };
  // An endpoint that takes every order event, so its delivery log has the orders' events in it.
  const webhook = await must<{ _id: string }>(
    "webhook",
    ctx.app.inject({
      method: "POST",
      url: "/api/admin/webhooks",
      headers: asAdmin,
      payload: { url: "http://127.0.0.1:9/hooks", events: ["order.created"] },
    }),
  );
  const suffix = Date.now().toString(36);
  const assigned = await orderTrail(
    ctx,
    admin,
    {
      name: "Aurelio Assigned",
      email: `aurelio.assigned.${suffix}@example.com`,
      phone: "0422668824",
      tag: "Aurelio",
    },
    assignedAmounts,
  );
  const unassigned = await orderTrail(
    ctx,
    admin,
    {
      name: "Bettina Unassigned",
      email: `bettina.unassigned.${suffix}@example.com`,
      phone: "0311559713",
      tag: "Bettina",
    },
    unassignedAmounts,
  );
  const staff = await createAccount(ctx, { role: "staff", name: "Stella Staff" });
  await must(
    "assign",
    ctx.app.inject({
      method: "PUT",
      url: `/api/admin/orders/${assigned.orderId}/assignee`,
      headers: asAdmin,
      payload: { assigneeId: staff.id },
    }),
  );
  await fanOut(ctx.db, 100);
  const stranger = await createAccount(ctx, { name: "Sven Stranger" });
  // B's company has more people: a Member and a Billing person. Another company (an unpaid order
  // made it) has an Admin and a Billing person of its own.
  const colleague = async (of: TestAccount, companyRole: ClientRole, name: string) => {
    const person = await createAccount(ctx, { name });
    const [row] = await ctx.db.select({ companyId: user.companyId }).from(user).where(eq(user.id, of.id));
    if (!row?.companyId) throw new Error(`${of.email} is in no company`);
    await ctx.db.transaction((tx) =>
      addPersonToCompany(tx, { companyId: row.companyId as string, userId: person.id, companyRole }),
    );
    return person;
  };
  const otherAdmin = await createAccount(ctx, { name: "Olga Other" });
  await placeOrder(ctx, otherAdmin, assigned.planId, { phone: "0100000000" });
  const clientCallers: Caller[] = [
    {
      name: "Member of B's company",
      account: await colleague(unassigned.customer, "member", "Mia Member"),
      permissions: [],
      isAdmin: false,
      client: { of: "unassigned", role: "member" },
    },
    {
      name: "Billing of B's company",
      account: await colleague(unassigned.customer, "billing", "Ben Billing"),
      permissions: [],
      isAdmin: false,
      client: { of: "unassigned", role: "billing" },
    },
    { name: "another company's Admin", account: otherAdmin, permissions: [], isAdmin: false },
    {
      name: "another company's Billing",
      account: await colleague(otherAdmin, "billing", "Oscar Other"),
      permissions: [],
      isAdmin: false,
    },
  ];
  ctx.app.sessionCache.clear();
  const callers: Caller[] = [
    { name: "customer A (assigned order)", account: assigned.customer, permissions: [], isAdmin: false },
    { name: "customer B (unassigned order)", account: unassigned.customer, permissions: [], isAdmin: false },
    { name: "second customer", account: stranger, permissions: [], isAdmin: false },
    ...clientCallers,
  ];
  for (const permission of permissions) {
    const role = await must<{ key: string }>(
      "role",
      ctx.app.inject({
        method: "POST",
        url: "/api/team/roles",
        headers: asAdmin,
        payload: { name: `Only ${permission}`, permissions: [permission] },
      }),
    );
    const account = await createAccount(ctx, { role: role.key, permissions: permission });
    callers.push({ name: permission, account, permissions: [permission], isAdmin: false });
  }
  callers.push(
    { name: "staff", account: staff, permissions: builtInRoles.staff.permissions, isAdmin: false },
    { name: "admin", account: admin, permissions, isAdmin: true },
  );
  const blogs = await must<{ slug: string }[]>("blogs", ctx.app.inject({ method: "GET", url: "/api/blogs" }));
  const blogSlug = blogs[0]?.slug ?? "";
  return { admin, staff, assigned, unassigned, stranger, webhookId: webhook._id, blogSlug, callers };
}
