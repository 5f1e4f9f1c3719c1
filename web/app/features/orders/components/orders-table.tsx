import type { Order } from "@agency/contract";
import { Badge, Button, Table } from "react-bootstrap";
import { Link } from "react-router";
import { confirmAndDelete } from "../../../lib/alerts";
import { orderMessages as t } from "../../../lib/messages";
import { formatDateTime, money } from "../../../lib/money";
import { SubscriptionActions } from "../../subscriptions/components/subscription-actions";
import { SubscriptionState } from "../../subscriptions/components/subscription-state";
import { useDeleteOrder } from "../api/orders";

/**
 * SPEC §4: unpaid orders are Pending with 'Pay Now' and Delete; paid ones are Done, 'Paid', 'Started'.
 * A paid plan's subscription state and its actions show beside those words.
 */
export function OrdersTable({ orders }: { orders: Order[] }) {
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

  return (
    <Table responsive hover className="align-middle bg-white mb-0">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t.service}</th>
          <th scope="col">{t.duration}</th>
          <th scope="col">{t.price}</th>
          <th scope="col">{t.date}</th>
          <th scope="col">{t.status}</th>
          <th scope="col">{t.payment}</th>
          <th scope="col">{t.action}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order, index) => (
          <tr key={order._id} data-order-id={order._id}>
            <td>{index + 1}</td>
            <td>{order.service}</td>
            <td className="text-capitalize">{order.serviceDuration}</td>
            <td>{money(order.currentPrice)}</td>
            <td>{formatDateTime(order.currentDate)}</td>
            <td>
              <Badge bg={order.paid ? "success" : "warning"} text={order.paid ? undefined : "dark"}>
                {order.paid ? t.done : t.pending}
              </Badge>
              {order.subscription ? <SubscriptionState subscription={order.subscription} /> : null}
            </td>
            <td>
              {order.paid ? (
                <span className="text-success fw-semibold">{t.paid}</span>
              ) : (
                <Link to={`/dashboard/payment/${order._id}`} className="btn btn-sm btn-primary">
                  {t.payNow}
                </Link>
              )}
            </td>
            <td>
              {order.paid ? (
                <>
                  <span className="text-body-secondary">{t.started}</span>
                  {order.subscription ? (
                    <SubscriptionActions order={order} subscription={order.subscription} />
                  ) : null}
                </>
              ) : (
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => void remove(order)}
                  disabled={deleteOrder.isPending}
                >
                  {t.delete}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
