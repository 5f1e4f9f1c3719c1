import {
  currencyMessages,
  fitsCurrency,
  type RefundOrderBody,
  refundMessages,
  toMinor,
  workflowMessages,
} from "@agency/contract";
import { findOrder, type OrderRow } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import { AppError } from "../../errors.js";
import { enqueue } from "../../jobs/queue.js";
import { checkRefund, giveRefund, lockRefundable } from "../billing/index.js";
import { shopMoney } from "../catalog/index.js";
import { type CancelContext, cancelLocked, lockOrder } from "./cancel.js";

/**
 * Admin: gives back part or all of what is left of one of the order's payments, with a reason.
 * Checked and given while the order's and the payment's rows are locked, so refunds asked at the
 * same time are given one after the other and never more than was paid; one of more than is left
 * is refused (409) and changes nothing. A refund of all that is left of the latest payment does
 * what "Cancel order" with a refund does: the plan stops renewing and the order is cancelled if
 * its work still can be. Any other refund leaves the work where it is.
 */
export async function refundOrder(
  ctx: CancelContext,
  caller: SessionUser,
  id: string,
  body: RefundOrderBody,
): Promise<OrderRow> {
  const { db } = ctx;
  const row = await findOrder(db, id, caller);
  if (!row.paid) throw new AppError("conflict", workflowMessages.notPaid);
  if (!fitsCurrency(body.amount, row.currency)) {
    const message = currencyMessages.decimals(row.currency);
    throw new AppError("bad_request", `amount ${message}`, { amount: message });
  }
  const cents = toMinor(body.amount, row.currency);
  const { locale } = await shopMoney(db);

  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, row.id);
    const due = await lockRefundable(tx, order.id, body.paymentId);
    if (!due) throw new AppError("not_found", refundMessages.paymentNotFound);
    checkRefund(due, cents, ctx.provider, { currency: order.currency, locale });
    const cancelled =
      due.latest && cents === due.leftCents && (await cancelLocked(tx, ctx, caller, order, body.reason));
    const refund = await giveRefund(tx, ctx, caller, order, due, { cents, reason: body.reason });
    // The customer hears of the refund: from its own mail, or from the cancellation's, which tells it.
    if (!cancelled) await enqueue(tx, "mail.refund-issued", { paymentId: refund.id });
  });
  return findOrder(db, row.id);
}
