import type { OrderDetail, OrderPayment, Refund } from "@agency/contract";
import { useId } from "react";
import { Link } from "react-router";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { orderPaymentTexts as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";
import { RefundForm } from "./refund-form";

type Props = {
  order: OrderDetail;
  /** Where a receipt or credit note opens (the customer's receipts page). */
  receiptLink?: (receiptId: string) => string;
  /** The agency's refund form, for a role that may refund. */
  canRefund?: boolean;
};

function ReceiptLink({
  id,
  label,
  receiptLink,
}: { id: string | null; label: string } & Pick<Props, "receiptLink">) {
  return id && receiptLink ? (
    <>
      {" · "}
      <Link to={receiptLink(id)}>{label}</Link>
    </>
  ) : null;
}

function PaymentEntry({
  payment,
  refunds,
  receiptLink,
  currency,
}: { payment: OrderPayment; refunds: Refund[]; currency: string } & Pick<Props, "receiptLink">) {
  const shopMoney = useMoney();
  const money = (amount: number) => shopMoney(amount, currency);
  return (
    <li className="border-start border-3 ps-3">
      <div className="fw-semibold">
        <span>{t.paidOn(money(payment.amount), formatDate(payment.paidAt))}</span>
        <ReceiptLink id={payment.receiptId} label={t.receipt} receiptLink={receiptLink} />
      </div>
      {payment.periodStart && payment.periodEnd ? (
        <div className="small text-body-secondary">
          {t.period(formatDate(payment.periodStart), formatDate(payment.periodEnd))}
        </div>
      ) : null}
      {payment.refunded > 0 ? (
        <div className="small text-body-secondary">
          {t.left(money(payment.refunded), money(payment.refundable))}
        </div>
      ) : null}
      {refunds.length > 0 ? (
        <ul className="list-unstyled small mt-1 mb-0 d-grid gap-1">
          {refunds.map((refund) => (
            <li key={refund.paymentId}>
              <span>{t.refundLine(money(refund.amount), formatDateTime(refund.refundedAt))}</span>
              <ReceiptLink id={refund.receiptId} label={t.creditNote} receiptLink={receiptLink} />
              {refund.reason ? (
                <div className="text-body-secondary text-break">{t.reason(refund.reason)}</div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The order's payments, newest first, each with what its refunds gave back (amount, date, reason
 * and credit note) and what is left; the agency's refund form under them for a role that may refund.
 */
export function OrderPayments({ order, receiptLink, canRefund = false }: Props) {
  const id = useId();
  // Left out by the server for a role that does not see money.
  if (!order.payments || order.payments.length === 0) return null;
  const refunds = order.refunds ?? [];
  return (
    <section className="card border-0 shadow-sm" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          {t.heading}
        </h2>
        <ol className="list-unstyled d-grid gap-3 mb-0" aria-labelledby={`${id}-heading`}>
          {order.payments.map((payment) => (
            <PaymentEntry
              key={payment._id}
              payment={payment}
              refunds={refunds.filter((refund) => refund.refundOf === payment._id)}
              receiptLink={receiptLink}
              currency={order.currency}
            />
          ))}
        </ol>
        {canRefund ? <RefundForm order={order} /> : null}
      </div>
    </section>
  );
}
