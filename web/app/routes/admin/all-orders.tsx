import { formatOrderNumber, type Order } from "@agency/contract";
import { Badge } from "react-bootstrap";
import { Link } from "react-router";
import { type DataColumn, DataList } from "../../components/data-list";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { Pager } from "../../components/pager";
import { ORDERS_PAGE_SIZE, useAllOrders } from "../../features/orders/api/orders";
import { RecurringRevenue } from "../../features/subscriptions/components/recurring-revenue";
import { nextRenewal } from "../../features/subscriptions/components/subscription-state";
import { orderMessages, subscriptionTexts, adminPages as t } from "../../lib/messages";
import { formatDateTime, money } from "../../lib/money";
import { usePagePosition } from "../../lib/page-position";

const columns: DataColumn<Order>[] = [
  {
    header: orderMessages.number,
    cell: (order) => formatOrderNumber(order.number),
    className: "text-nowrap",
  },
  {
    header: t.customer,
    cell: (order) => (
      <>
        {order.name}
        <span className="d-block small text-body-secondary">{order.email}</span>
      </>
    ),
  },
  { header: t.plan, cell: (order) => order.service },
  { header: t.duration, cell: (order) => order.serviceDuration, className: "text-capitalize" },
  { header: t.price, cell: (order) => money(order.currentPrice) },
  { header: t.date, cell: (order) => formatDateTime(order.currentDate) },
  {
    header: t.paidColumn,
    cell: (order) => <Badge bg={order.paid ? "success" : "secondary"}>{order.paid ? t.yes : t.no}</Badge>,
  },
  {
    header: t.subscription,
    cell: (order) => (order.subscription ? subscriptionTexts.statusLabel[order.subscription.status] : "—"),
  },
  { header: t.nextRenewal, cell: (order) => nextRenewal(order.subscription) ?? "—" },
  {
    header: t.details,
    cell: (order) => (
      <Link
        to={`/dashboard/admin/payment/${order._id}`}
        aria-label={`${t.details} ${formatOrderNumber(order.number)}`}
      >
        {t.details}
      </Link>
    ),
  },
];

/** SPEC §2 all orders: counts of total, paid and unpaid (over every order), and the list by pages. */
export default function AllOrders() {
  const { position, turnTo } = usePagePosition();
  const orders = useAllOrders(position);
  if (orders.isPending) return <LoadingScreen />;
  if (orders.isError) return <LoadError message={t.ordersFailed} query={orders} />;
  const { counts } = orders.data;
  const page = position.page;
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
      <dl className="order-counts mb-4">
        {stats.map(([label, value, tone]) => (
          <div key={label} className={`card border-0 shadow-sm border-start border-4 border-${tone} p-3`}>
            <dt className="text-body-secondary small fw-normal">{label}</dt>
            <dd className="h3 mb-0" data-testid={`count-${label.toLowerCase().replace(/\s+/g, "-")}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <RecurringRevenue />
      {orders.data.orders.length === 0 ? (
        <p className="text-body-secondary">{t.noOrders}</p>
      ) : (
        <DataList
          labelledBy="all-orders-heading"
          columns={columns}
          rows={orders.data.orders}
          rowKey={(order) => order._id}
        />
      )}
      <Pager
        page={page}
        pages={Math.ceil(counts.total / ORDERS_PAGE_SIZE)}
        onPage={(wanted) => turnTo(wanted, orders.data)}
        labels={t}
      />
    </section>
  );
}
