import { formatMoney, formatOrderNumber, type OrderState, orderStateLabels } from "@agency/contract";
import { and, desc, eq, gt, inArray, isNotNull, lte, max } from "drizzle-orm";
import { followersOfOrder } from "../db/order-followers.js";
import { messageReads, messages, orderEvents, orders, payments, user } from "../db/schema.js";
import type { JobPayloads } from "../jobs/queue.js";
import type { JobHandlers } from "../jobs/worker.js";
import { activeMember, agencyMails } from "./agency-recipients.js";
import { followerMails } from "./followers.js";
import { formatDate } from "./format.js";
import { type OutgoingMail, renderMail } from "./layout.js";
import { type NotificationContext, queueMails } from "./notifications.js";
import { optionalMailLinks, wantingTeamMail, wantsOptionalMail } from "./preferences.js";

/** What the customer reads when their order moves (the note, if any, follows). */
const customerText: Record<
  OrderState,
  (number: string) => { subject: string; heading: string; line: string }
> = {
  submitted: (number) => ({
    subject: `Order ${number}: tell us about your project`,
    heading: "Tell us about your project",
    line: `Thank you for paying for order ${number}. Please answer a few short questions on the order's page so we can start.`,
  }),
  in_progress: (number) => ({
    subject: `We are working on order ${number}`,
    heading: "We are working on your order",
    line: `Order ${number} is in progress. We will write on the order's page when there is news.`,
  }),
  delivered: (number) => ({
    subject: `Order ${number} is delivered: please review it`,
    heading: "Your order is delivered",
    line: `We delivered order ${number}. Please review it on the order's page and approve it, or tell us what to change.`,
  }),
  complete: (number) => ({
    subject: `Order ${number} is complete`,
    heading: "Your order is complete",
    line: `Thank you for approving order ${number}.`,
  }),
  cancelled: (number) => ({
    subject: `Order ${number} is cancelled`,
    heading: "Your order is cancelled",
    line: `We cancelled order ${number}.`,
  }),
};

/** A renewal opened the order's next period: its brief, carried over, waits for the customer. */
const renewedText = (number: string, period: number) => ({
  subject: `Order ${number}: period ${period} starts`,
  heading: `Period ${period} of your order starts`,
  line: `Your plan renewed, so we start the work of period ${period} on order ${number}. Please confirm your brief on the order's page, or change it, so we can start.`,
});

function orderPageUrls(publicUrl: string, orderId: string) {
  return {
    customer: `${publicUrl}/dashboard/my-orders/${orderId}`,
    admin: `${publicUrl}/dashboard/admin/orders/${orderId}`,
  };
}

/**
 * The customer hears of every change (these mails are about their order, so they always go); the
 * agency hears of the customer's own moves: approving, or asking for changes.
 */
async function orderStateChanged(ctx: NotificationContext, eventId: string): Promise<OutgoingMail[]> {
  const [row] = await ctx.db
    .select({ event: orderEvents, order: orders })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(eq(orderEvents.id, eventId));
  if (!row) return [];
  const { event, order } = row;
  const number = formatOrderNumber(order.number);
  const urls = orderPageUrls(ctx.brand.publicUrl, order.id);
  const details: Array<[string, string]> = [
    ["Order", number],
    ["Plan", `${order.service} (${order.serviceDuration})`],
    ["State", orderStateLabels[event.toState]],
  ];
  if (event.note) details.push(["Note", event.note]);
  const renewed = event.toState === "submitted" && event.fromState === "complete";
  const text = renewed ? renewedText(number, event.period) : customerText[event.toState](number);
  const paragraphs = [text.line];
  const refund: string[] = [];
  if (event.toState === "in_progress" && event.fromState === "delivered") {
    paragraphs[0] = `We are working on order ${number} again.`;
  }
  if (event.toState === "cancelled") {
    const refunds = await ctx.db
      .select({ amountCents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), isNotNull(payments.refundOf)));
    const refunded = refunds.reduce((sum, refund) => sum - refund.amountCents, 0);
    if (refunded > 0) {
      refund.push(
        `We refunded ${formatMoney(refunded, order.currency, ctx.brand.locale)} to the card that paid; its credit note is in Payment History.`,
      );
    }
  }
  // The refund's amount only to those who see the order's money.
  const mails = await followerMails(ctx.db, order.id, { money: false }, (to, follower) =>
    renderMail(ctx.brand, {
      to,
      subject: text.subject,
      heading: text.heading,
      paragraphs: follower.seesMoney ? [...paragraphs, ...refund] : paragraphs,
      details,
      action: { label: "Open the order", url: urls.customer },
    }),
  );
  // The customer's own moves: approving a delivery, or sending it back (to whom does the work).
  if (event.actorRole === "customer" && event.fromState === "delivered") {
    const approved = event.toState === "complete";
    mails.push(
      ...(await agencyMails(ctx, order.assigneeId, () => ({
        subject: approved ? `Order ${number} approved` : `Order ${number}: changes requested`,
        heading: approved ? `${order.name} approved order ${number}` : `${order.name} asked for changes`,
        paragraphs: [
          approved
            ? `${order.name} <${order.email}> approved the delivery of order ${number}.`
            : `${order.name} <${order.email}> sent the delivery of order ${number} back with changes to make.`,
        ],
        details,
        action: { label: "Open the order", url: urls.admin },
      }))),
    );
  }
  return mails;
}

/** At most this many messages are quoted in one mail; the rest are on the order's page. */
const quotedMessages = 5;

/** The newest messages one side wrote up to `until` (one more than a mail quotes), after `after`. */
function newestMessages(
  db: NotificationContext["db"],
  orderId: string,
  authorRole: "admin" | "customer",
  until: Date,
  after: Date | null,
) {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.orderId, orderId),
        eq(messages.internal, false),
        eq(messages.authorRole, authorRole),
        lte(messages.createdAt, until),
        after ? gt(messages.createdAt, after) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(quotedMessages + 1);
}

/** The mail's quote of unread messages (newest first in), oldest first out. */
function quotedFrom(unread: { authorName: string; body: string }[]): string[] {
  const quoted = unread
    .slice(0, quotedMessages)
    .reverse()
    .map((message) => `${message.authorName}: ${message.body || "(a file)"}`);
  if (unread.length > quotedMessages) quoted.unshift("Earlier messages are on the order's page.");
  return quoted;
}

/**
 * The agency's messages to each of the order's followers who has not read them (each by their own
 * reading of the thread) and has not turned these mails off.
 */
async function messagesToFollowers(
  ctx: NotificationContext,
  order: typeof orders.$inferSelect,
  until: Date,
): Promise<OutgoingMail[]> {
  const followers = await followersOfOrder(ctx.db, order.id);
  if (followers.length === 0) return [];
  const reads = await ctx.db
    .select({ userId: messageReads.userId, readAt: max(messageReads.readAt) })
    .from(messageReads)
    .where(
      and(
        eq(messageReads.orderId, order.id),
        inArray(
          messageReads.userId,
          followers.map((follower) => follower.id),
        ),
      ),
    )
    .groupBy(messageReads.userId);
  const readAt = new Map(reads.map((read) => [read.userId, read.readAt]));
  // Each follower's unread messages are the newest ones after their reading: among these.
  const newest = await newestMessages(ctx.db, order.id, "admin", until, null);
  const number = formatOrderNumber(order.number);
  const urls = orderPageUrls(ctx.brand.publicUrl, order.id);
  const secret = await ctx.secret();
  const mails: OutgoingMail[] = [];
  for (const follower of followers) {
    const read = readAt.get(follower.id) ?? null;
    const unread = newest.filter((message) => !read || message.createdAt > read);
    if (unread.length === 0 || !(await wantsOptionalMail(ctx.db, follower.email))) continue;
    mails.push(
      renderMail(ctx.brand, {
        to: follower.email,
        subject: `New message on order ${number}`,
        heading: "You have a new message",
        paragraphs: quotedFrom(unread),
        details: [["Order", number]],
        action: { label: "Reply on the order", url: urls.customer },
        optional: optionalMailLinks(secret, ctx.brand.publicUrl, follower.email),
      }),
    );
  }
  return mails;
}

/**
 * The messages on a thread that one side has not read by the end of a 10-minute window, in one
 * mail. Internal notes never go into any mail: the customer's side reads only the agency's public
 * messages, and the agency's side only the customer's. The agency's side is the member the order
 * is assigned to, or else the owner and admins; each may have turned these mails off.
 */
async function orderMessages(
  ctx: NotificationContext,
  { orderId, recipient, until }: JobPayloads["mail.order-messages"],
): Promise<OutgoingMail[]> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return [];
  if (recipient === "customer") return messagesToFollowers(ctx, order, new Date(until));
  // The agency's side is the member doing the work, or the owner and admins while nobody is.
  const assignee = order.assigneeId ? await activeMember(ctx.db, order.assigneeId) : null;
  const [read] = await ctx.db
    .select({ readAt: max(messageReads.readAt) })
    .from(messageReads)
    .innerJoin(user, eq(user.id, messageReads.userId))
    .where(
      and(
        eq(messageReads.orderId, orderId),
        assignee ? eq(messageReads.userId, assignee.id) : inArray(user.role, ["owner", "admin"]),
      ),
    );
  const unread = await newestMessages(ctx.db, orderId, "customer", new Date(until), read?.readAt ?? null);
  if (unread.length === 0) return [];
  const number = formatOrderNumber(order.number);
  const urls = orderPageUrls(ctx.brand.publicUrl, order.id);
  const quoted = quotedFrom(unread);
  return agencyMails(
    ctx,
    assignee?.id ?? null,
    () => ({
      subject: `New message from ${order.name} on order ${number}`,
      heading: `${order.name} wrote on order ${number}`,
      paragraphs: quoted,
      details: [
        ["Order", number],
        ["Customer", `${order.name} <${order.email}>`],
      ],
      action: { label: "Reply on the order", url: urls.admin },
    }),
    "order-messages",
  );
}

/**
 * The member an order was assigned to hears of it, unless it went to someone else before this ran,
 * they left the team, or they turned these mails off.
 */
async function orderAssigned(
  ctx: NotificationContext,
  { orderId, assigneeId, assignedBy }: JobPayloads["mail.order-assigned"],
): Promise<OutgoingMail[]> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.assigneeId !== assigneeId) return [];
  const member = await activeMember(ctx.db, assigneeId);
  if (!member) return [];
  const [wanting] = await wantingTeamMail(ctx.db, [member], "order-assigned");
  if (!wanting) return [];
  const number = formatOrderNumber(order.number);
  const secret = await ctx.secret();
  return [
    renderMail(ctx.brand, {
      to: wanting.email,
      subject: `Order ${number} is assigned to you`,
      heading: `Order ${number} is assigned to you`,
      paragraphs: [`${assignedBy} assigned order ${number} to you.`],
      details: [
        ["Order", number],
        ["Plan", `${order.service} (${order.serviceDuration})`],
        ["Customer", `${order.name} <${order.email}>`],
        ["State", order.state ? orderStateLabels[order.state] : "Not paid yet"],
        ["Due", order.dueAt ? formatDate(order.dueAt) : "No due date yet"],
      ],
      action: { label: "Open the order", url: orderPageUrls(ctx.brand.publicUrl, order.id).admin },
      optional: optionalMailLinks(secret, ctx.brand.publicUrl, wanting.email),
    }),
  ];
}

export function orderWorkHandlers(ctx: NotificationContext): JobHandlers {
  return {
    "mail.order-state": async ({ eventId }, job) =>
      queueMails(ctx.db, job.id, await orderStateChanged(ctx, eventId)),
    "mail.order-messages": async (payload, job) =>
      queueMails(ctx.db, job.id, await orderMessages(ctx, payload)),
    "mail.order-assigned": async (payload, job) =>
      queueMails(ctx.db, job.id, await orderAssigned(ctx, payload)),
  };
}
