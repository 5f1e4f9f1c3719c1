import { formatOrderNumber } from "@agency/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { leads, orders, payments, receipts, user } from "../db/schema.js";
import { enqueue } from "../jobs/queue.js";
import type { JobHandlers } from "../jobs/worker.js";
import { formatCard, formatDate, formatMoney } from "./format.js";
import { type MailBrand, type OutgoingMail, renderMail } from "./layout.js";
import { mailToken, optionalMailLinks, withoutOptOuts } from "./preferences.js";

export type NotificationContext = {
  db: Database;
  brand: MailBrand;
  /** NOTIFY_EMAIL; every admin when unset. */
  notifyEmail: string | undefined;
  /** Signs the links in mails (unsubscribe, newsletter confirmation). */
  secret: () => Promise<string>;
};

/** Owner notifications go to NOTIFY_EMAIL, or else to every admin, minus those who turned them off. */
async function ownerAddresses(ctx: NotificationContext): Promise<string[]> {
  const addresses = ctx.notifyEmail
    ? [ctx.notifyEmail]
    : (await ctx.db.select({ email: user.email }).from(user).where(eq(user.role, "admin"))).map(
        (row) => row.email,
      );
  return withoutOptOuts(ctx.db, [...new Set(addresses)]);
}

async function ownerMails(
  ctx: NotificationContext,
  content: (to: string) => Omit<Parameters<typeof renderMail>[1], "to" | "optional">,
): Promise<OutgoingMail[]> {
  const secret = await ctx.secret();
  return (await ownerAddresses(ctx)).map((to) =>
    renderMail(ctx.brand, {
      ...content(to),
      to,
      optional: optionalMailLinks(secret, ctx.brand.publicUrl, to),
    }),
  );
}

/**
 * One job per mail, keyed by this job and the recipient: running a fan-out again (after a crash
 * between queuing and finishing) finds its mails already queued and adds none.
 */
async function queueMails(db: Database, parentId: string, mails: OutgoingMail[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const mail of mails) {
      await enqueue(tx, "mail.send", mail, { key: `${parentId}:${mail.to.toLowerCase()}:${mail.subject}` });
    }
  });
}

async function orderPlaced(ctx: NotificationContext, orderId: string): Promise<OutgoingMail[]> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return [];
  const number = formatOrderNumber(order.number);
  const { publicUrl } = ctx.brand;
  const details: Array<[string, string]> = [
    ["Order", number],
    ["Plan", `${order.service} (${order.serviceDuration})`],
    ["Price", formatMoney(order.priceCents)],
    ["Ordered on", formatDate(order.createdAt)],
  ];
  const customer = renderMail(ctx.brand, {
    to: order.email,
    subject: `Order ${number} received: ${order.service} (${order.serviceDuration})`,
    heading: `Thank you for your order, ${order.name}`,
    paragraphs: [
      `We have your order ${number} for the ${order.service} plan.`,
      "What happens next: pay for the order from My Orders in your dashboard. Once the payment is through you get a receipt by e-mail, and we contact you to start the work.",
    ],
    details,
    action: order.paid
      ? undefined
      : { label: "Pay for the order", url: `${publicUrl}/dashboard/payment/${order.id}` },
  });
  const owners = await ownerMails(ctx, () => ({
    subject: `New order ${number}: ${order.service} (${order.serviceDuration})`,
    heading: `New order ${number}`,
    paragraphs: [`${order.name} ordered the ${order.service} plan.`],
    details: [["Customer", `${order.name} <${order.email}>`], ["Phone", order.phone], ...details],
    action: { label: "Open the orders", url: `${publicUrl}/dashboard/admin/all__orders` },
  }));
  return [customer, ...owners];
}

async function paymentReceived(ctx: NotificationContext, paymentId: string): Promise<OutgoingMail[]> {
  const [row] = await ctx.db
    .select({ payment: payments, order: orders, receipt: receipts })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(eq(payments.id, paymentId));
  if (!row) return [];
  const { payment, order, receipt } = row;
  const number = formatOrderNumber(order.number);
  const amount = formatMoney(payment.amountCents, receipt?.currency);
  const { publicUrl } = ctx.brand;
  const details: Array<[string, string]> = [
    ...(receipt ? ([["Receipt", receipt.number]] as Array<[string, string]>) : []),
    ["Order", number],
    ["Plan", `${order.service} (${order.serviceDuration})`],
    ["Amount", amount],
    ...(receipt && receipt.taxRateBasisPoints > 0
      ? ([
          [
            `Tax included (${receipt.taxRateBasisPoints / 100}%)`,
            formatMoney(receipt.taxCents, receipt.currency),
          ],
        ] as Array<[string, string]>)
      : []),
    ["Paid with", formatCard(receipt?.cardBrand ?? null, receipt?.cardLast4 ?? null)],
    ["Date", formatDate(payment.paymentTime)],
  ];
  const customer = renderMail(ctx.brand, {
    to: order.email,
    subject: receipt
      ? `Your receipt ${receipt.number} for order ${number}`
      : `Payment received for order ${number}`,
    heading: "Thank you for your payment",
    paragraphs: [
      `We received ${amount} for order ${number}. Keep this mail as your receipt; a printable copy and a PDF are in Payment History.`,
    ],
    details,
    action: receipt
      ? { label: "View the receipt", url: `${publicUrl}/dashboard/receipts/${receipt.id}` }
      : { label: "Open Payment History", url: `${publicUrl}/dashboard/payment-history` },
  });
  const owners = await ownerMails(ctx, () => ({
    subject: `Payment received for order ${number}: ${amount}`,
    heading: `Payment received for order ${number}`,
    paragraphs: [`${order.name} <${order.email}> paid ${amount}.`],
    details,
    action: { label: "Open the payment", url: `${publicUrl}/dashboard/admin/payment/${order.id}` },
  }));
  return [customer, ...owners];
}

async function leadReceived(ctx: NotificationContext, leadId: string): Promise<OutgoingMail[]> {
  const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, leadId));
  if (!lead || lead.kind === "newsletter") return [];
  const isContact = lead.kind === "contact";
  const who = lead.name ? `${lead.name} <${lead.email}>` : lead.email;
  return ownerMails(ctx, () => ({
    subject: isContact
      ? `New contact message from ${lead.name ?? lead.email}`
      : `New website query from ${lead.email}`,
    heading: isContact ? "New contact message" : "New website query",
    paragraphs: isContact ? [`${who} wrote through the contact page.`] : [`${who} asked about a website.`],
    details: [
      ["From", who],
      ...(lead.website ? ([["Website", lead.website]] as Array<[string, string]>) : []),
      ...(lead.message ? ([["Message", lead.message]] as Array<[string, string]>) : []),
    ],
    action: { label: "Open the leads", url: `${ctx.brand.publicUrl}/dashboard/admin/leads` },
  }));
}

export function newsletterConfirmationLink(secret: string, publicUrl: string, leadId: string): string {
  const token = `${leadId}.${mailToken(secret, "newsletter", leadId)}`;
  return `${publicUrl}/newsletter/confirm?${new URLSearchParams({ token })}`;
}

async function newsletterConfirmation(ctx: NotificationContext, leadId: string): Promise<OutgoingMail[]> {
  const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, leadId));
  if (lead?.kind !== "newsletter" || lead.confirmedAt) return [];
  const secret = await ctx.secret();
  return [
    renderMail(ctx.brand, {
      to: lead.email,
      subject: `Confirm your newsletter subscription to ${ctx.brand.name}`,
      heading: "Please confirm your subscription",
      paragraphs: [
        `Someone, hopefully you, signed this address up for the ${ctx.brand.name} newsletter. Open the link to confirm; until then nothing is sent.`,
        "If it was not you, ignore this mail and you will not hear from us again.",
      ],
      action: {
        label: "Confirm subscription",
        url: newsletterConfirmationLink(secret, ctx.brand.publicUrl, lead.id),
      },
    }),
  ];
}

/** Jobs that turn a committed change into the mails it calls for. */
export function notificationHandlers(ctx: NotificationContext): JobHandlers {
  return {
    "mail.order-placed": async ({ orderId }, job) =>
      queueMails(ctx.db, job.id, await orderPlaced(ctx, orderId)),
    "mail.payment-received": async ({ paymentId }, job) =>
      queueMails(ctx.db, job.id, await paymentReceived(ctx, paymentId)),
    "mail.lead-received": async ({ leadId }, job) =>
      queueMails(ctx.db, job.id, await leadReceived(ctx, leadId)),
    "mail.newsletter-confirmation": async ({ leadId }, job) =>
      queueMails(ctx.db, job.id, await newsletterConfirmation(ctx, leadId)),
  };
}
