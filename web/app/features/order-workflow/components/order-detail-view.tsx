import type { OrderDetail } from "@agency/contract";
import { formatOrderNumber } from "@agency/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { OrderStateBadge } from "../../../components/order-badges";
import { QueryView } from "../../../components/query-view";
import { formatBillingDate } from "../../../lib/dates";
import { periodTexts, orderDetail as t } from "../../../lib/messages";
import { type Audience, useOrderDetail } from "../api/order-detail";
import { AdminActions } from "./admin-actions";
import { AssignmentCard } from "./assignment";
import { BriefSection } from "./brief-section";
import { CustomerActions } from "./customer-actions";
import { OrderHistory } from "./history";
import { OrderPayments } from "./order-payments";
import { OrderSummary } from "./order-summary";
import { Thread } from "./thread";

type Props = {
  orderId: string;
  audience: Audience;
  /** Where a receipt or credit note opens, for the customer's payments and refunds. */
  receiptLink?: (receiptId: string) => string;
  /** The team: whether the caller's role may assign the order and change its due date. */
  canAssign?: boolean;
  /** The agency's Cancel and refunds, for a role that may refund and cancel. */
  canCancel?: boolean;
  /** The customer: whether their client role pays (Pay Now) and approves (a delivery's answer). */
  canPay?: boolean;
  canApprove?: boolean;
  /** More for the side of the page, below the order's actions (the customer's followers), or made from the order. */
  aside?: ReactNode | ((order: OrderDetail) => ReactNode);
};

/**
 * One order with its work, for its customer or the agency: summary, next step, history, brief
 * and the thread with its files.
 */
export function OrderDetailView({
  orderId,
  audience,
  receiptLink,
  canAssign = false,
  canCancel = true,
  canPay = true,
  canApprove = true,
  aside,
}: Props) {
  const detail = useOrderDetail(audience, orderId);
  return (
    <QueryView query={detail} failed={t.loadFailed}>
      {(order) => (
        <OrderPage
          order={order}
          audience={audience}
          receiptLink={receiptLink}
          canAssign={canAssign}
          canCancel={canCancel}
          canPay={canPay}
          canApprove={canApprove}
          aside={aside}
        />
      )}
    </QueryView>
  );
}

function OrderPage({
  order,
  audience,
  receiptLink,
  canAssign = false,
  canCancel = true,
  canPay = true,
  canApprove = true,
  aside,
}: Omit<Props, "orderId"> & { order: OrderDetail }) {
  const number = formatOrderNumber(order.number);
  const back =
    audience === "admin"
      ? { to: "/dashboard/admin/all__orders", label: t.backToAllOrders }
      : { to: "/dashboard/my-orders", label: t.backToMyOrders };
  return (
    <article aria-labelledby="order-heading">
      <p className="small mb-2">
        <Link to={back.to}>{back.label}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="order-heading" className="h4 mb-0">
          {t.heading(number)}
        </h1>
        {order.state ? <OrderStateBadge state={order.state} /> : null}
        {order.period && order.period.number > 1 ? (
          <span className="small text-body-secondary">
            {periodTexts.label(order.period.number, formatBillingDate(order.period.startedAt))}
          </span>
        ) : null}
      </div>
      <div className="row g-3">
        <div className="col-12 col-xl-5 d-grid gap-3 align-content-start">
          <OrderSummary order={order} audience={audience} canPay={canPay} />
          {audience === "admin" ? <AssignmentCard order={order} canAssign={canAssign} /> : null}
          {order.paid ? (
            audience === "admin" ? (
              <AdminActions order={order} canCancel={canCancel} />
            ) : (
              <CustomerActions order={order} canApprove={canApprove} />
            )
          ) : null}
          {typeof aside === "function" ? aside(order) : aside}
          <OrderPayments
            order={order}
            receiptLink={receiptLink}
            canRefund={audience === "admin" && canCancel}
          />
          <OrderHistory order={order} />
        </div>
        <div className="col-12 col-xl-7 d-grid gap-3 align-content-start">
          <BriefSection order={order} audience={audience} />
          {order.paid ? <Thread orderId={order._id} audience={audience} /> : null}
        </div>
      </div>
    </article>
  );
}
