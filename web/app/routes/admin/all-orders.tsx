import { type AdminOrder, formatOrderNumber, OrderStateFilter } from "@agency/contract";
import { Badge, Button } from "react-bootstrap";
import { Link } from "react-router";
import { CsvLink } from "../../components/csv-link";
import { type DataColumn, DataList } from "../../components/data-list";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { DueDate, OrderStateBadge, UnreadBadge } from "../../components/order-badges";
import { Pager } from "../../components/pager";
import { useMemberPermissions } from "../../features/auth/api/auth";
import { useUnreadCounts } from "../../features/order-workflow/api/unread";
import { ORDERS_PAGE_SIZE, type OrderFilter, useAllOrders } from "../../features/orders/api/orders";
import { OrderFilters } from "../../features/orders/components/order-filters";
import { RecurringRevenue } from "../../features/subscriptions/components/recurring-revenue";
import { nextRenewal } from "../../features/subscriptions/components/subscription-state";
import { formatDateTime } from "../../lib/dates";
import {
  assignmentTexts,
  orderDetail,
  orderFilters,
  orderMessages,
  periodTexts,
  subscriptionTexts,
  adminPages as t,
} from "../../lib/messages";
import { companyOrdersFilter as companyText } from "../../lib/messages/admin-companies";
import { Money } from "../../lib/money";
import { usePagePosition } from "../../lib/page-position";
import { useUrlFilters } from "../../lib/url-filters";

/**
 * The columns, with each order's unread messages beside its number; the price only for a role that
 * sees money (the server leaves amounts out for the others).
 */
const columns = (unread: Readonly<Record<string, number>>, seesMoney: boolean): DataColumn<AdminOrder>[] => [
  {
    header: orderMessages.number,
    cell: (order) => {
      const count = unread[order._id] ?? 0;
      return (
        <>
          <Link
            to={`/dashboard/admin/orders/${order._id}`}
            aria-label={orderDetail.openLabel(formatOrderNumber(order.number))}
          >
            {formatOrderNumber(order.number)}
          </Link>
          <UnreadBadge count={count} label={orderDetail.unread(count)} />
        </>
      );
    },
    className: "text-nowrap",
  },
  {
    header: t.customer,
    cell: (order) => <CustomerCell order={order} />,
  },
  { header: t.plan, cell: (order) => order.service },
  { header: t.duration, cell: (order) => order.serviceDuration, className: "text-capitalize" },
  ...(seesMoney
    ? [
        {
          header: t.price,
          cell: (order: AdminOrder) => <Money amount={order.currentPrice} currency={order.currency} />,
        },
      ]
    : []),
  { header: t.date, cell: (order) => formatDateTime(order.currentDate) },
  {
    header: t.paidColumn,
    cell: (order) => <Badge bg={order.paid ? "success" : "secondary"}>{order.paid ? t.yes : t.no}</Badge>,
  },
  {
    header: orderDetail.state,
    cell: (order) =>
      order.state ? (
        <>
          <OrderStateBadge state={order.state} />
          {order.period && order.period.number > 1 ? (
            <span className="small text-body-secondary text-nowrap ms-1">
              {periodTexts.name(order.period.number)}
            </span>
          ) : null}
        </>
      ) : (
        "—"
      ),
  },
  {
    header: assignmentTexts.assignee,
    cell: (order) => order.assignee?.name ?? "—",
  },
  {
    header: assignmentTexts.due,
    cell: (order) => <DueDate order={order} />,
    className: "text-nowrap",
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

/**
 * The company first, then the person who placed the order (and their e-mail, for a role that sees
 * customers). A team member's own order has no company; a company of one named after its person
 * shows the person once.
 */
function CustomerCell({ order }: { order: AdminOrder }) {
  const company = order.company && order.company.name !== order.name ? order.company : null;
  return (
    <>
      {company ? <span className="d-block fw-semibold">{company.name}</span> : null}
      <span className="d-block">{order.name}</span>
      {order.email === undefined ? null : (
        <span className="d-block small text-body-secondary">{order.email}</span>
      )}
    </>
  );
}

const filterKeys = ["state", "assignee", "search", "companyId"] as const;

/**
 * SPEC §2 all orders: counts of total, paid and unpaid (over every order), and the list by pages,
 * narrowed by progress or a search on the server.
 */
/** The list is one company's orders (opened from the company's page), with the way back to every order. */
function CompanyFilterNote({ companyName, onClear }: { companyName?: string; onClear: () => void }) {
  return (
    <p className="d-flex flex-wrap gap-2 align-items-center">
      <span>{companyName ? companyText.showing(companyName) : companyText.showingOne}</span>
      <Button variant="link" size="sm" className="p-0" onClick={onClear}>
        {companyText.showAll}
      </Button>
    </p>
  );
}

export default function AllOrders() {
  const { position, turnTo, reset } = usePagePosition();
  // The state and search live in the address, so a narrowed list can be reloaded or shared.
  const [inAddress, setInAddress] = useUrlFilters(filterKeys);
  const state = OrderStateFilter.safeParse(inAddress.state);
  const assignee =
    inAddress.assignee === "me" || inAddress.assignee === "none" ? inAddress.assignee : undefined;
  const filter: OrderFilter = {
    state: state.success ? state.data : undefined,
    assignee,
    search: inAddress.search,
    companyId: inAddress.companyId,
  };
  const setFilter = (next: OrderFilter) =>
    setInAddress({
      state: next.state,
      assignee: next.assignee,
      search: next.search,
      companyId: next.companyId,
    });
  const orders = useAllOrders(position, filter);
  const unread = useUnreadCounts();
  // Exports and revenue are money: offered to a role that sees it (unknown yet: shown).
  const permissions = useMemberPermissions();
  const seesMoney = permissions?.has("money.view") ?? true;
  if (orders.isPending) return <LoadingScreen />;
  if (orders.isError) return <LoadError message={t.ordersFailed} query={orders} />;
  const { counts, nextCursor } = orders.data;
  const page = position.page;
  const narrowed = Boolean(filter.state || filter.assignee || filter.search || filter.companyId);
  // The counts are over every order; a narrowed list knows only whether a next page follows.
  const pages = narrowed ? page + (nextCursor ? 2 : 1) : Math.ceil(counts.total / ORDERS_PAGE_SIZE);
  const unreadByOrder = Object.fromEntries(
    (unread.data?.orders ?? []).map((order) => [order.orderId, order.unread]),
  );
  const stats = [
    [t.total, counts.total, "primary"],
    [t.paid, counts.paid, "success"],
    [t.unpaid, counts.unpaid, "warning"],
  ] as const;
  return (
    <section aria-labelledby="all-orders-heading">
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 id="all-orders-heading" className="h4 mb-0">
          {t.ordersHeading}
        </h1>
        {seesMoney ? (
          <div className="d-flex flex-wrap gap-2">
            <CsvLink path="/api/admin/orders.csv" filters={filter}>
              {t.exportOrders}
            </CsvLink>
            <CsvLink path="/api/admin/payments.csv">{t.exportPayments}</CsvLink>
          </div>
        ) : null}
      </div>
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
      {seesMoney ? <RecurringRevenue /> : null}
      {filter.companyId ? (
        <CompanyFilterNote
          companyName={orders.data.orders[0]?.company?.name}
          onClear={() => {
            setFilter({ ...filter, companyId: undefined });
            reset();
          }}
        />
      ) : null}
      <OrderFilters
        filter={filter}
        onChange={(next) => {
          setFilter({ ...next, companyId: filter.companyId });
          reset();
        }}
      />
      {orders.data.orders.length === 0 ? (
        <p className="text-body-secondary">{narrowed ? orderFilters.noMatch : t.noOrders}</p>
      ) : (
        <DataList
          labelledBy="all-orders-heading"
          columns={columns(unreadByOrder, seesMoney)}
          rows={orders.data.orders}
          rowKey={(order) => order._id}
        />
      )}
      <Pager page={page} pages={pages} onPage={(wanted) => turnTo(wanted, orders.data)} labels={t} />
    </section>
  );
}
