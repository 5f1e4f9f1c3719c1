import { formatOrderNumber, type Order, type OrderState } from "@agency/contract";
import type { ReactNode } from "react";
import { Badge } from "react-bootstrap";
import { Link } from "react-router";
import { type DataColumn, DataList } from "../../../components/data-list";
import { DeleteButton } from "../../../components/delete-button";
import { OrderStateBadge, UnreadBadge } from "../../../components/order-badges";
import { lineBilling } from "../../../components/order-lines";
import { confirmAndDelete } from "../../../lib/alerts";
import { formatBillingDate, formatDateTime } from "../../../lib/dates";
import { orderDetail, periodTexts, orderMessages as t } from "../../../lib/messages";
import { Money, useMoney } from "../../../lib/money";
import { useDeleteOrder } from "../api/orders";

/** What the page shows beside the spec's words for a paid plan: its subscription's state and actions. */
type OrderExtras = {
  subscriptionState?: (order: Order) => ReactNode;
  subscriptionActions?: (order: Order) => ReactNode;
};

type Props = {
  orders: Order[];
  labelledBy: string;
  /** Unread messages by order id. */
  unread?: Readonly<Record<string, number>>;
  /**
   * Whether the viewer's client role pays (Billing, Admin, or someone in no company): without it,
   * an unpaid order shows neither Pay Now nor Delete, which the server would refuse.
   */
  mayPay?: boolean;
} & OrderExtras;

/** The lines bought with the plan (its add-ons), each at its own amount; the price is the order's total. */
function ExtraLines({ order }: { order: Order }) {
  const money = useMoney();
  const extras = order.lines?.filter((line) => line.kind !== "plan") ?? [];
  return extras.map((line, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move
    <span key={index} className="d-block small text-body-secondary" data-order-line="">
      + {line.description} ·{" "}
      {[money(line.amount, order.currency), lineBilling(line, order.serviceDuration)]
        .filter(Boolean)
        .join(" ")}
    </span>
  ));
}

/** Work the agency has begun: only then does the Action column say the spec's 'Started'. */
const startedStates: ReadonlySet<OrderState> = new Set(["in_progress", "delivered", "complete"]);

/**
 * SPEC §4: unpaid orders are Pending with 'Pay Now' and Delete; paid ones are Done, 'Paid', 'Started'.
 * The spec's Done is the payment's, so the status line says so and then where the work is
 * ("Payment Done · Work Not started"); 'Started' shows once the work has started. The order number
 * opens the order (its brief, messages and files).
 */
export function MyOrdersList({
  orders,
  labelledBy,
  unread = {},
  mayPay = true,
  subscriptionState,
  subscriptionActions,
}: Props) {
  const deleteOrder = useDeleteOrder();

  function remove(order: Order) {
    return confirmAndDelete(
      {
        title: t.deleteQuestion(order.service, order.serviceDuration),
        text: t.deleteText,
        confirmText: t.delete,
      },
      () => deleteOrder.mutateAsync(order._id),
      t.deleted,
    );
  }

  const columns: DataColumn<Order>[] = [
    {
      header: t.number,
      cell: (order) => {
        const unreadCount = unread[order._id] ?? 0;
        return (
          <>
            <Link
              to={`/dashboard/my-orders/${order._id}`}
              aria-label={orderDetail.openLabel(formatOrderNumber(order.number))}
            >
              {formatOrderNumber(order.number)}
            </Link>
            <UnreadBadge count={unreadCount} label={orderDetail.unread(unreadCount)} />
          </>
        );
      },
      className: "text-nowrap",
    },
    {
      header: t.service,
      cell: (order) => (
        <>
          {order.service}
          <ExtraLines order={order} />
        </>
      ),
    },
    { header: t.duration, cell: (order) => order.serviceDuration, className: "text-capitalize" },
    { header: t.price, cell: (order) => <Money amount={order.currentPrice} currency={order.currency} /> },
    { header: t.date, cell: (order) => formatDateTime(order.currentDate) },
    {
      header: t.status,
      cell: (order) => (
        <>
          {order.paid ? (
            <span className="text-nowrap">
              {t.paymentIs} <Badge bg="success">{t.done}</Badge>
            </span>
          ) : (
            <Badge bg="warning" text="dark">
              {t.pending}
            </Badge>
          )}
          {order.state ? (
            <span className="text-nowrap">
              <span aria-hidden="true"> · </span>
              {t.workIs}{" "}
              <OrderStateBadge
                state={order.state}
                label={order.state === "submitted" ? t.notStarted : undefined}
              />
            </span>
          ) : null}
          {order.period && order.period.number > 1 ? (
            <span className="text-nowrap">
              <span aria-hidden="true"> · </span>
              {periodTexts.label(order.period.number, formatBillingDate(order.period.startedAt))}
            </span>
          ) : null}
          {subscriptionState?.(order)}
        </>
      ),
    },
    {
      header: t.payment,
      cell: (order) =>
        order.paid ? (
          <span className="text-success fw-semibold">{t.paid}</span>
        ) : mayPay ? (
          <Link to={`/dashboard/payment/${order._id}`} className="btn btn-sm btn-primary">
            {t.payNow}
          </Link>
        ) : (
          <span className="text-body-secondary">{t.notPaidYet}</span>
        ),
    },
    {
      header: t.action,
      cell: (order) =>
        order.paid ? (
          <>
            {order.state && startedStates.has(order.state) ? (
              <span className="text-body-secondary">{t.started}</span>
            ) : null}
            {subscriptionActions?.(order)}
          </>
        ) : mayPay ? (
          <DeleteButton label={t.delete} onDelete={() => remove(order)} pending={deleteOrder.isPending} />
        ) : null,
    },
  ];

  return (
    <DataList
      labelledBy={labelledBy}
      columns={columns}
      rows={orders}
      rowKey={(order) => order._id}
      rowData={(order) => ({ "data-order-id": order._id })}
    />
  );
}
