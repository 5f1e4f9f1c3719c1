import { defaultMoneyLocale, formatMoney, isId, refundMessages, toMajor } from "@agency/contract";
import type { SessionUser } from "../../../auth/session.js";
import type { Database } from "../../../db/client.js";
import type { orders, subscriptions } from "../../../db/schema.js";
import { AppError } from "../../../errors.js";
import type { BillingSync, PaymentProvider } from "../../../payment-providers/provider.js";
import { auditActorOf, recordAudit } from "../../audit/index.js";
import type { ReceiptSettings } from "../receipts/issue.js";
import { subscriptionRowOfOrder } from "../subscriptions/queries/subscriptions.js";
import { addRefund } from "./ledger.js";
import { latestPaymentIdOfOrder, type PaymentRow, paymentOfOrderLocked, refundsGivenOf } from "./queries.js";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A payment locked for a refund, and what is left of it to give back. */
export type RefundDue = {
  payment: PaymentRow;
  leftCents: number;
  /** How many refunds of it were written before: numbers the next one. */
  refunds: number;
  /** Whether it is the order's latest payment (the one that paid for the current period). */
  latest: boolean;
};

/**
 * Locks one of the order's payments for a refund inside `tx` (the latest when `paymentId` is not
 * given) and works out what is left of it. Every refund is written while its payment's row is
 * locked, so what this finds holds until `tx` ends: two refunds of one payment, however close
 * together, are checked one after the other and cannot give back a cent more than was paid.
 * Null when the order has no payment (or none with that id).
 */
export async function lockRefundable(
  tx: Database,
  orderId: string,
  paymentId?: string,
): Promise<RefundDue | null> {
  const latest = await latestPaymentIdOfOrder(tx, orderId);
  const wanted = paymentId ?? latest;
  if (!wanted || !isId(wanted)) return null;
  const payment = await paymentOfOrderLocked(tx, orderId, wanted);
  if (!payment) return null;
  const given = await refundsGivenOf(tx, payment.id);
  return {
    payment,
    leftCents: payment.amountCents - (given?.cents ?? 0),
    refunds: given?.count ?? 0,
    latest: payment.id === latest,
  };
}

/**
 * Refused (409, nothing changes) when `cents` is more than is left of the payment; the message
 * writes what is left in the order's currency and the shop's locale.
 */
export function checkRefund(
  due: RefundDue,
  cents: number,
  provider: PaymentProvider,
  money: { currency: string; locale?: string },
): void {
  if (due.leftCents <= 0) throw new AppError("conflict", refundMessages.nothingLeft);
  if (cents > due.leftCents) {
    const left = formatMoney(due.leftCents, money.currency, money.locale ?? defaultMoneyLocale);
    throw new AppError("conflict", refundMessages.moreThanLeft(left));
  }
  const recorded = due.payment.provider === "recorded";
  if (!recorded && due.payment.provider !== provider.name) {
    throw new AppError("conflict", refundMessages.otherProvider);
  }
}

/**
 * Gives back `cents` of a payment locked by `lockRefundable`, inside the same `tx`: the provider
 * (none for money recorded by hand) refunds it first (while the payment stays locked), then it is written as a negative payment with
 * its own credit note, and the audit log records who gave how much of which payment, and why.
 * The provider's idempotency key names the payment, the refund's number and its amount, so the
 * same refund asked again after a lost answer is given once and written then.
 */
export async function giveRefund(
  tx: Database,
  ctx: { provider: PaymentProvider; receipts: ReceiptSettings; now?: () => Date },
  caller: SessionUser,
  order: typeof orders.$inferSelect,
  due: RefundDue,
  { cents, reason }: { cents: number; reason: string },
): Promise<PaymentRow> {
  checkRefund(due, cents, ctx.provider, order);
  const { payment } = due;
  const key = `${payment.id}-${due.refunds + 1}-${cents}`;
  // Money recorded by hand (a transfer) is given back by hand: the refund is recorded, no provider asked.
  const done =
    payment.provider === "recorded"
      ? {
          id: `recorded-refund-${key}`,
          amountCents: cents,
          currency: order.currency,
          time: ctx.now?.() ?? new Date(),
        }
      : await ctx.provider.refund({ paymentIntentId: payment.transactionId, amountCents: cents, key }, tx);
  const refunded = await addRefund(tx, ctx.receipts, { order, of: payment, refund: done, reason });
  if (!refunded) throw new Error("The provider answered with a refund that was recorded before.");
  await recordAudit(tx, {
    actor: auditActorOf(caller),
    action: "payment.refunded",
    subject: { type: "payment", id: refunded.id, label: `#${order.number}` },
    before: {
      payment: payment.id,
      amount: toMajor(payment.amountCents, order.currency),
      currency: order.currency,
      left: toMajor(due.leftCents, order.currency),
    },
    after: {
      refund: toMajor(-refunded.amountCents, order.currency),
      reason,
      left: toMajor(due.leftCents + refunded.amountCents, order.currency),
      provider: refunded.provider,
      transactionId: refunded.transactionId,
    },
  });
  return refunded;
}

/**
 * The order's subscription if it still runs, stopped at the provider's side first (Stripe
 * Billing); end it with `endSubscription` in the transaction that cancels the order.
 */
export async function stopSubscriptionAtProvider(
  db: Database,
  billing: Pick<BillingSync, "cancelNow"> | undefined,
  orderId: string,
): Promise<SubscriptionRow | null> {
  const subscription = await subscriptionRowOfOrder(db, orderId);
  const running = subscription && subscription.status !== "ended" ? subscription : null;
  if (running?.providerSubscriptionId && billing) await billing.cancelNow(running.providerSubscriptionId);
  return running;
}
