import { formatMoney, formatOrderNumber } from "@agency/contract";
import type { JobHandlers } from "../../../jobs/worker.js";
import { formatDate } from "../../../mail/format.js";
import { type OutgoingMail, renderMail } from "../../../mail/layout.js";
import { type NotificationContext, queueMails } from "../../../mail/notifications.js";
import { renewalChargeCents } from "../charges.js";
import { subscriptionWithOrder } from "./queries/subscriptions.js";

/** The owner applied a plan's new price to its renewals: each subscriber hears before the next one. */
async function planPriceChanged(
  ctx: NotificationContext,
  payload: { subscriptionId: string; oldPriceCents: number; newPriceCents: number },
): Promise<OutgoingMail[]> {
  const row = await subscriptionWithOrder(ctx.db, payload.subscriptionId);
  if (!row || row.subscription.status === "ended") return [];
  const { subscription, order } = row;
  const plan = `${order.service} plan`;
  const number = formatOrderNumber(order.number);
  const discount = { ...subscription, priceCents: payload.newPriceCents };
  const charge = renewalChargeCents(discount, order.currency);
  const renews = formatDate(subscription.currentPeriodEnd);
  // What else makes the renewal's charge differ from the plan's price.
  const besides = [
    subscription.recurringLinesCents > 0 ? "your add-ons charged every period" : null,
    subscription.renewalPercentOff || subscription.renewalAmountOffCents ? "your promo code" : null,
  ]
    .filter(Boolean)
    .join(" and ");
  // The order's currency: the renewals charge in it, whatever the shop sells in now.
  const money = (cents: number) => formatMoney(cents, order.currency, ctx.brand.locale);
  return [
    renderMail(ctx.brand, {
      to: order.email,
      subject: `The price of your ${plan} changes`,
      heading: "A new price for your plan",
      paragraphs: [
        `The price of your ${plan} (order ${number}) changes from ${money(payload.oldPriceCents)} to ${money(payload.newPriceCents)} per ${subscription.interval === "yearly" ? "year" : "month"}.`,
        charge === payload.newPriceCents
          ? `It applies from your next renewal on ${renews}. What you paid so far stays as it was.`
          : `It applies from your next renewal on ${renews}; with ${besides} you pay ${money(charge)}. What you paid so far stays as it was.`,
        "If you would rather not renew, you can cancel the renewals in My Orders before then.",
      ],
      details: [
        ["Order", number],
        ["Plan", `${order.service} (${order.serviceDuration})`],
        ["Next renewal", renews],
        ["New price", money(charge)],
      ],
      action: { label: "Open My Orders", url: `${ctx.brand.publicUrl}/dashboard/my-orders` },
    }),
  ];
}

export function priceChangeHandlers(ctx: NotificationContext): JobHandlers {
  return {
    "mail.plan-price-changed": async (payload, job) =>
      queueMails(ctx.db, job.id, await planPriceChanged(ctx, payload)),
  };
}
