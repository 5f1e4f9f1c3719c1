import type { OrderDetail } from "@agency/contract";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { OrderStateBadge } from "../../../components/order-badges";
import { OrderLines } from "../../../components/order-lines";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { orderDetail as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";
import type { Audience } from "../api/order-detail";

/** What was ordered, by whom, for how much, whether it is paid and where the work is. */
export function OrderSummary({
  order,
  audience,
  canPay = true,
}: {
  order: OrderDetail;
  audience: Audience;
  /** The customer: whether their client role pays (Pay Now shows only then). */
  canPay?: boolean;
}) {
  const money = useMoney();
  const id = useId();
  type Row = [label: string, value: ReactNode];
  const customer: Row[] = [
    [
      t.customer,
      <>
        {order.name}
        {order.email === undefined ? null : <span className="d-block fw-normal">{order.email}</span>}
      </>,
    ],
    // A role that does not see customers gets no e-mail and phone (the server leaves them out).
    ...(order.phone === undefined ? [] : [[t.phone, order.phone] as Row]),
  ];
  const cancellation = order.subscription?.cancellation;
  // The agency follows up a cancellation: when it happened and why, in the customer's words.
  const cancelled: Row[] = cancellation
    ? [
        [
          t.planCancelled,
          <>
            {t.cancelledOn(formatDate(cancellation.at))}
            <span className="d-block fw-normal" data-testid="cancel-reason">
              {cancellation.reason ? t.cancelReason(cancellation.reason) : t.noCancelReason}
            </span>
          </>,
        ],
      ]
    : [];
  const rows: Row[] = [
    [t.plan, `${order.service} (${order.serviceDuration})`],
    // A role that does not see money gets no amounts (the server leaves them out).
    ...(order.currentPrice === undefined
      ? []
      : [[t.price, money(order.currentPrice, order.currency)] as Row]),
    ...(audience === "admin" ? [...customer, ...cancelled] : []),
    [t.ordered, formatDateTime(order.currentDate)],
  ];
  return (
    <section className="card border-0 shadow-sm" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          {t.summary}
        </h2>
        <dl className="mb-0">
          {rows.map(([label, value]) => (
            <div key={label} className="d-flex flex-wrap justify-content-between gap-2 border-bottom py-2">
              <dt className="fw-normal text-body-secondary">{label}</dt>
              <dd className="mb-0 fw-semibold text-end text-break">{value}</dd>
            </div>
          ))}
          <div className="d-flex flex-wrap justify-content-between gap-2 border-bottom py-2">
            <dt className="fw-normal text-body-secondary">{t.payment}</dt>
            <dd className="mb-0 fw-semibold text-end">
              {order.paid && order.paymentTime ? (
                <span className="text-success">{t.paidOn(formatDateTime(order.paymentTime))}</span>
              ) : audience === "customer" && canPay ? (
                <Link to={`/dashboard/payment/${order._id}`} className="btn btn-sm btn-primary">
                  {t.payNow}
                </Link>
              ) : (
                t.notPaid
              )}
            </dd>
          </div>
          <div className="d-flex flex-wrap justify-content-between gap-2 py-2">
            <dt className="fw-normal text-body-secondary">{t.state}</dt>
            <dd className="mb-0 text-end">
              {order.state ? <OrderStateBadge state={order.state} /> : t.waitingForPayment}
            </dd>
          </div>
        </dl>
        {order.lines ? (
          <OrderLines
            lines={order.lines}
            duration={order.serviceDuration}
            discount={order.discount}
            promoCode={order.promoCode}
            total={order.currentPrice}
            currency={order.currency}
            className="table table-sm mt-3 mb-0"
          />
        ) : null}
      </div>
    </section>
  );
}
