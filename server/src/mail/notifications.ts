import { formatMoney, formatOrderNumber } from "@agency/contract";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { linesOfOrder } from "../db/order-lines.js";
import { leads, orders, payments, receipts, subscriptions, type TeamMailTopic, user } from "../db/schema.js";
import { enqueue } from "../jobs/queue.js";
import type { JobHandlers } from "../jobs/worker.js";
import { followerMails } from "./followers.js";
import { formatCard, formatDate, formatPeriod } from "./format.js";
import { invoicePaymentReceived } from "./invoice-payment-mail.js";
import { type MailBrand, type OutgoingMail, renderMail } from "./layout.js";
import { newsletterConfirmation } from "./newsletter-mail.js";
import { optionalMailLinks, wantingTeamMail, withoutOptOuts } from "./preferences.js";
import { refundIssued } from "./refund-mail.js";

export type NotificationContext = {
  db: Database;
  brand: MailBrand;
  /** NOTIFY_EMAIL; every admin when unset. */
  notifyEmail: string | undefined;
  /** Signs the links in mails (unsubscribe, newsletter confirmation). */
  secret: () => Promise<string>;
};

/** The shop's owner and admins who are not suspended. */
async function activeOwnersAndAdmins(db: Database): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(and(inArray(user.role, ["owner", "admin"]), isNull(user.suspendedAt)));
}

/**
 * Owner notifications go to NOTIFY_EMAIL, or else to the owner and every admin, minus those who
 * turned them off (optional mail, or this kind of work mail when one is named).
 */
async function ownerAddresses(ctx: NotificationContext, topic?: TeamMailTopic): Promise<string[]> {
  if (ctx.notifyEmail) return withoutOptOuts(ctx.db, [ctx.notifyEmail]);
  const members = await activeOwnersAndAdmins(ctx.db);
  if (topic) return (await wantingTeamMail(ctx.db, members, topic)).map((member) => member.email);
  return withoutOptOuts(ctx.db, [...new Set(members.map((member) => member.email))]);
}

export async function ownerMails(
  ctx: NotificationContext,
  content: (to: string) => Omit<Parameters<typeof renderMail>[1], "to" | "optional">,
  topic?: TeamMailTopic,
): Promise<OutgoingMail[]> {
  const secret = await ctx.secret();
  return (await ownerAddresses(ctx, topic)).map((to) =>
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
export async function queueMails(db: Database, parentId: string, mails: OutgoingMail[]): Promise<void> {
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
  // The add-ons ordered with the plan, each at its own amount (the price is the order's total).
  const addons: Array<[string, string]> = (await linesOfOrder(ctx.db, order))
    .filter((line) => line.kind !== "plan")
    .map((line) => [line.description, formatMoney(line.amountCents, order.currency, ctx.brand.locale)]);
  const details: Array<[string, string]> = [
    ["Order", number],
    ["Plan", `${order.service} (${order.serviceDuration})`],
    ...addons,
    ["Price", formatMoney(order.priceCents, order.currency, ctx.brand.locale)],
    ["Ordered on", formatDate(order.createdAt)],
  ];
  const customer = await followerMails(ctx.db, order.id, { money: true }, (to) =>
    renderMail(ctx.brand, {
      to,
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
    }),
  );
  const owners = await ownerMails(ctx, () => ({
    subject: `New order ${number}: ${order.service} (${order.serviceDuration})`,
    heading: `New order ${number}`,
    paragraphs: [`${order.name} ordered the ${order.service} plan.`],
    details: [["Customer", `${order.name} <${order.email}>`], ["Phone", order.phone], ...details],
    action: { label: "Open the orders", url: `${publicUrl}/dashboard/admin/all__orders` },
  }));
  return [...customer, ...owners];
}

async function paymentReceived(
  ctx: NotificationContext,
  paymentId: string,
): Promise<OutgoingMail[] | undefined> {
  const [row] = await ctx.db
    .select({ payment: payments, order: orders, receipt: receipts })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(eq(payments.id, paymentId));
  // A payment towards an invoice without an order has its own mail.
  if (!row) return undefined;
  const { payment, order, receipt } = row;
  const number = formatOrderNumber(order.number);
  // The order's currency, which its payments and receipts keep.
  const money = (cents: number) => formatMoney(cents, receipt?.currency ?? order.currency, ctx.brand.locale);
  const amount = money(payment.amountCents);
  const { publicUrl } = ctx.brand;
  // The order keeps its first payment's transaction; any other payment of it is a renewal.
  const renewal = payment.transactionId !== order.transactionId;
  const period: Array<[string, string]> =
    payment.periodStart && payment.periodEnd
      ? [["Period", formatPeriod({ start: payment.periodStart, end: payment.periodEnd })]]
      : [];
  const discount: Array<[string, string]> =
    receipt && receipt.discountCents > 0
      ? [
          ["List price", money(receipt.listPriceCents)],
          [
            receipt.promoCode ? `Discount (code ${receipt.promoCode})` : "Discount",
            money(-receipt.discountCents),
          ],
        ]
      : [];
  // A plan bought with add-ons: each line the payment paid for, as its receipt lists them.
  const lines: Array<[string, string]> =
    receipt?.lines && receipt.lines.length > 1
      ? receipt.lines.map((line) => [
          line.description,
          formatMoney(line.amountCents, receipt.currency, ctx.brand.locale),
        ])
      : [];
  const details: Array<[string, string]> = [
    ...(receipt ? ([["Receipt", receipt.number]] as Array<[string, string]>) : []),
    ["Order", number],
    ["Plan", `${order.service} (${order.serviceDuration})`],
    ...lines,
    ...period,
    ...discount,
    ["Amount", amount],
    ...(receipt && receipt.taxRateBasisPoints > 0
      ? ([[`Tax included (${receipt.taxRateBasisPoints / 100}%)`, money(receipt.taxCents)]] as Array<
          [string, string]
        >)
      : []),
    ["Paid with", formatCard(receipt?.cardBrand ?? null, receipt?.cardLast4 ?? null)],
    ["Date", formatDate(payment.paymentTime)],
  ];
  const customer = await followerMails(ctx.db, order.id, { money: true }, (to) =>
    renderMail(ctx.brand, {
      to,
      subject: renewal
        ? `Your ${order.service} plan renewed: receipt ${receipt?.number ?? number} from ${ctx.brand.name}`
        : receipt
          ? `Your receipt ${receipt.number} for order ${number}`
          : `Payment received for order ${number}`,
      heading: renewal ? "Your plan renewed" : "Thank you for your payment",
      paragraphs: [
        renewal
          ? `Your ${order.service} plan (order ${number}) renewed and we charged ${amount} to your saved card. Keep this mail as your receipt; a printable copy and a PDF are in Payment History. You can cancel the renewals in My Orders.`
          : `We received ${amount} for order ${number}. Keep this mail as your receipt; a printable copy and a PDF are in Payment History.`,
      ],
      details,
      action: receipt
        ? { label: "View the receipt", url: `${publicUrl}/dashboard/receipts/${receipt.id}` }
        : { label: "Open Payment History", url: `${publicUrl}/dashboard/payment-history` },
    }),
  );
  const owners = await ownerMails(ctx, () => ({
    subject: `${renewal ? "Renewal" : "Payment"} received for order ${number}: ${amount}`,
    heading: `${renewal ? "Renewal" : "Payment"} received for order ${number}`,
    paragraphs: [`${order.name} <${order.email}> paid ${amount}${renewal ? " for a renewal" : ""}.`],
    details,
    action: { label: "Open the payment", url: `${publicUrl}/dashboard/admin/payment/${order.id}` },
  }));
  return [...customer, ...owners];
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

/** Where a customer gives a subscription a new card (the shop's form, or Stripe's invoice page). */
function updateCardUrl(publicUrl: string, subscriptionId: string): string {
  return `${publicUrl}/dashboard/subscription/${subscriptionId}/card`;
}

type SubscriptionMail = "payment-failed" | "canceled" | "ended";

async function subscriptionChanged(
  ctx: NotificationContext,
  subscriptionId: string,
  kind: SubscriptionMail,
): Promise<OutgoingMail[]> {
  const [row] = await ctx.db
    .select({ subscription: subscriptions, order: orders })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(eq(subscriptions.id, subscriptionId));
  if (!row) return [];
  const { subscription, order } = row;
  const { publicUrl } = ctx.brand;
  const plan = `${order.service} plan`;
  const number = formatOrderNumber(order.number);
  const details: Array<[string, string]> = [
    ["Order", number],
    ["Plan", `${order.service} (${order.serviceDuration})`],
  ];
  const myOrders = { label: "Open My Orders", url: `${publicUrl}/dashboard/my-orders` };
  if (kind === "payment-failed") {
    if (subscription.status !== "past_due") return [];
    const retry = subscription.nextAttemptAt ? formatDate(subscription.nextAttemptAt) : null;
    return followerMails(ctx.db, order.id, { money: true }, (to) =>
      renderMail(ctx.brand, {
        to,
        subject: `We could not renew your ${plan}`,
        heading: "Your renewal payment failed",
        paragraphs: [
          `We tried to charge your saved card for the renewal of your ${plan} (order ${number}), and the payment failed: ${subscription.lastError ?? "the card was declined"}`,
          retry
            ? `We will try again on ${retry}. Update your card before then to keep the plan; if every try fails, the plan ends.`
            : "Update your card to keep the plan.",
        ],
        details: [...details, ["Due since", formatDate(subscription.currentPeriodEnd)]],
        action: { label: "Update card", url: updateCardUrl(publicUrl, subscription.id) },
      }),
    );
  }
  if (kind === "canceled") {
    const ends = subscription.status === "canceled" ? formatDate(subscription.currentPeriodEnd) : null;
    const customer = await followerMails(ctx.db, order.id, { money: true }, (to) =>
      renderMail(ctx.brand, {
        to,
        subject: `Your ${plan} is cancelled`,
        heading: "Your plan is cancelled",
        paragraphs: [
          ends
            ? `Your ${plan} (order ${number}) will not renew. It stays active until ${ends}; until then you can resume it in My Orders.`
            : `Your ${plan} (order ${number}) has ended and will not renew.`,
        ],
        details,
        action: myOrders,
      }),
    );
    // Resumed before this ran: the owner has nothing to act on.
    const canceledAt = subscription.canceledAt;
    if (!canceledAt) return customer;
    const owners = await ownerMails(ctx, () => ({
      subject: `Plan cancelled: ${order.service} (${order.serviceDuration}), order ${number}`,
      heading: `${order.name} cancelled a plan`,
      paragraphs: [
        ends
          ? `${order.name} <${order.email}> cancelled the ${plan} of order ${number}. It stays active until ${ends} and does not renew.`
          : `${order.name} <${order.email}> cancelled the ${plan} of order ${number}. It has ended.`,
      ],
      details: [
        ...details,
        ["Cancelled on", formatDate(canceledAt)],
        ["Reason", subscription.cancelReason ?? "No reason given"],
      ],
      action: { label: "Open the order", url: `${publicUrl}/dashboard/admin/orders/${order.id}` },
    }));
    return [...customer, ...owners];
  }
  if (subscription.status !== "ended") return [];
  return followerMails(ctx.db, order.id, { money: true }, (to) =>
    renderMail(ctx.brand, {
      to,
      subject: `Your ${plan} has ended`,
      heading: "Your plan has ended",
      paragraphs: [
        `We could not charge your card for the renewal of your ${plan} (order ${number}) after several tries, so the plan has ended. You can buy it again on the pricing page whenever you like.`,
      ],
      details,
      action: { label: "See the plans", url: `${publicUrl}/` },
    }),
  );
}

/** Jobs that turn a committed change into the mails it calls for. */
export function notificationHandlers(ctx: NotificationContext): JobHandlers {
  return {
    "mail.order-placed": async ({ orderId }, job) =>
      queueMails(ctx.db, job.id, await orderPlaced(ctx, orderId)),
    "mail.payment-received": async ({ paymentId }, job) =>
      queueMails(
        ctx.db,
        job.id,
        (await paymentReceived(ctx, paymentId)) ?? (await invoicePaymentReceived(ctx, paymentId)),
      ),
    "mail.refund-issued": async ({ paymentId }, job) =>
      queueMails(ctx.db, job.id, await refundIssued(ctx, paymentId)),
    "mail.lead-received": async ({ leadId }, job) =>
      queueMails(ctx.db, job.id, await leadReceived(ctx, leadId)),
    "mail.newsletter-confirmation": async ({ leadId }, job) =>
      queueMails(ctx.db, job.id, await newsletterConfirmation(ctx, leadId)),
    "mail.subscription-payment-failed": async ({ subscriptionId }, job) =>
      queueMails(ctx.db, job.id, await subscriptionChanged(ctx, subscriptionId, "payment-failed")),
    "mail.subscription-canceled": async ({ subscriptionId }, job) =>
      queueMails(ctx.db, job.id, await subscriptionChanged(ctx, subscriptionId, "canceled")),
    "mail.subscription-ended": async ({ subscriptionId }, job) =>
      queueMails(ctx.db, job.id, await subscriptionChanged(ctx, subscriptionId, "ended")),
  };
}
