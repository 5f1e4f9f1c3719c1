import { formatOrderNumber, OVERVIEW_PAST_DUE_LIMIT, type OverviewPastDue } from "@agency/contract";
import { Link } from "react-router";
import { type DataColumn, DataList } from "../../../components/data-list";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { churnTexts as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";

const columnsOf = (money: (amount: number) => string): DataColumn<OverviewPastDue>[] => [
  {
    header: t.order,
    cell: (item) => (
      <Link to={`/dashboard/admin/orders/${item.orderId}`}>{formatOrderNumber(item.orderNumber)}</Link>
    ),
  },
  { header: t.customer, cell: (item) => item.customer, className: "text-break" },
  { header: t.plan, cell: (item) => item.service },
  { header: t.amount, cell: (item) => money(item.amount), className: "text-nowrap" },
  { header: t.dueSince, cell: (item) => formatDate(item.dueSince), className: "text-nowrap" },
  { header: t.attempts, cell: (item) => item.failedAttempts },
  {
    header: t.nextAttempt,
    cell: (item) => (item.nextAttemptAt ? formatDateTime(item.nextAttemptAt) : t.noNextAttempt),
    className: "text-nowrap",
  },
];

/**
 * The subscriptions whose renewal failed and is being retried, each with a link to its order; when
 * the list is cut at its length, it says of how many (`total`, the shop's past-due count).
 */
export function PastDue({
  id,
  items,
  total,
  currency,
}: {
  id: string;
  items: OverviewPastDue[];
  total: number;
  /** The Overview's currency, which its amounts are in. */
  currency: string;
}) {
  const money = useMoney();
  const columns = columnsOf((amount) => money(amount, currency));
  const cut = items.length >= OVERVIEW_PAST_DUE_LIMIT;
  return items.length === 0 ? (
    <p className="text-body-secondary mb-0">{t.noPastDue}</p>
  ) : (
    <>
      <p className="small text-body-secondary">{t.pastDueLead(items.length, cut ? total : items.length)}</p>
      <DataList labelledBy={id} columns={columns} rows={items} rowKey={(item) => item.orderId} />
    </>
  );
}
