import { useState } from "react";
import { Badge, Table } from "react-bootstrap";
import { Link } from "react-router";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { Pager } from "../../components/pager";
import { ORDERS_PAGE_SIZE, type OrdersPosition, useAllOrders } from "../../features/admin/api/admin";
import { RecurringRevenue } from "../../features/subscriptions/components/recurring-revenue";
import { nextRenewal } from "../../features/subscriptions/components/subscription-state";
import { errorMessage } from "../../lib/api";
import { subscriptionTexts, adminPages as t } from "../../lib/messages";
import { formatDateTime, money } from "../../lib/money";

/** SPEC §2 all orders: counts of total, paid and unpaid (over every order), and the list by pages. */
export default function AllOrders() {
  const [position, setPosition] = useState<OrdersPosition>({ page: 0 });
  const orders = useAllOrders(position);
  if (orders.isPending) return <LoadingScreen />;
  if (orders.isError) return <LoadError message={t.ordersFailed} detail={errorMessage(orders.error)} />;
  const { counts, nextCursor, previousCursor } = orders.data;
  const page = position.page;
  // The pager moves one page at a time: after the last row shown, or before the first.
  const turnTo = (wanted: number) =>
    setPosition(
      wanted === 0
        ? { page: 0 }
        : wanted > page && nextCursor
          ? { page: wanted, from: { after: nextCursor } }
          : previousCursor
            ? { page: wanted, from: { before: previousCursor } }
            : { page: 0 },
    );
  const stats = [
    [t.total, counts.total, "primary"],
    [t.paid, counts.paid, "success"],
    [t.unpaid, counts.unpaid, "warning"],
  ] as const;
  return (
    <section aria-labelledby="all-orders-heading">
      <h1 id="all-orders-heading" className="h4 mb-3">
        {t.ordersHeading}
      </h1>
      <dl className="row g-3 mb-4">
        {stats.map(([label, value, tone]) => (
          <div key={label} className="col-12 col-sm-4">
            <div className={`card border-0 shadow-sm border-start border-4 border-${tone}`}>
              <div className="card-body">
                <dt className="text-body-secondary small">{label}</dt>
                <dd className="h3 mb-0" data-testid={`count-${label.toLowerCase().replace(/\s+/g, "-")}`}>
                  {value}
                </dd>
              </div>
            </div>
          </div>
        ))}
      </dl>
      <RecurringRevenue />
      {orders.data.orders.length === 0 ? (
        <p className="text-body-secondary">{t.noOrders}</p>
      ) : (
        <Table responsive hover className="align-middle bg-white mb-0">
          <thead>
            <tr>
              <th scope="col">{t.customer}</th>
              <th scope="col">{t.plan}</th>
              <th scope="col">{t.duration}</th>
              <th scope="col">{t.price}</th>
              <th scope="col">{t.date}</th>
              <th scope="col">{t.paidColumn}</th>
              <th scope="col">{t.subscription}</th>
              <th scope="col">{t.nextRenewal}</th>
              <th scope="col">{t.details}</th>
            </tr>
          </thead>
          <tbody>
            {orders.data.orders.map((order) => (
              <tr key={order._id}>
                <td>
                  {order.name}
                  <span className="d-block small text-body-secondary text-break">{order.email}</span>
                </td>
                <td>{order.service}</td>
                <td className="text-capitalize">{order.serviceDuration}</td>
                <td>{money(order.currentPrice)}</td>
                <td>{formatDateTime(order.currentDate)}</td>
                <td>
                  <Badge bg={order.paid ? "success" : "secondary"}>{order.paid ? t.yes : t.no}</Badge>
                </td>
                <td>{order.subscription ? subscriptionTexts.statusLabel[order.subscription.status] : "—"}</td>
                <td>{nextRenewal(order.subscription) ?? "—"}</td>
                <td>
                  <Link to={`/dashboard/admin/payment/${order._id}`}>{t.details}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pager page={page} pages={Math.ceil(counts.total / ORDERS_PAGE_SIZE)} onPage={turnTo} labels={t} />
    </section>
  );
}
